import type { CrawlJob } from '@mapsmith/core';
import { AppError } from '../errors.js';
import { crawlNotFound } from '../refusals.js';
import type { JobControl } from '../sql/rows.js';
import type { CrawlJobRepository } from './ports.js';
import { presentCrawlJob } from './present-crawl.js';

/** An owner's request: stop, pause, or resume a paused crawl. */
export type ControlAction = JobControl | 'resume';

const VERB: Record<ControlAction, string> = { stop: 'stop', pause: 'pause', resume: 'resume' };

/**
 * `crawl.stop`, `crawl.pause` and `crawl.resume` (issue 30), the same in both shells: the
 * request is written on the job's row, and the worker holding the claim (on any server, or the
 * desktop's crawler process) reads it within about a second (`CrawlTask`). A stopped crawl
 * completes with what it stored; a paused one waits, claim released and frontier kept. Each
 * answers the job as `crawl.get` does. Another user's job is a 404, an ended one a 409.
 */
export class CrawlControls {
  /** Writes through `jobs`; `wake` tells the workers a job may be claimable now. */
  constructor(
    private readonly jobs: CrawlJobRepository,
    private readonly wake: () => void,
  ) {}

  /** Asks the job to `action`, and answers it as it reads now. */
  async ask(jobId: string, userId: number, action: ControlAction): Promise<CrawlJob> {
    const result = await this.jobs.requestControl(jobId, userId, action);
    if (result === 'not-found') throw crawlNotFound();
    if (result === 'ended')
      throw new AppError(
        'crawl.ended',
        'Crawl already ended',
        `This crawl has already ended, so there is nothing to ${VERB[action]}. Its results stay as they are.`,
      );
    if (result === 'not-paused')
      throw new AppError(
        'crawl.not-paused',
        'Crawl not paused',
        'This crawl is not paused, so there is nothing to resume.',
      );
    // A waiting or paused job asked to stop is claimed once more only to end with its pages.
    if (action !== 'pause') this.wake();
    const found = await this.jobs.getWithDetails(jobId, userId);
    if (!found) throw crawlNotFound();
    return presentCrawlJob(this.jobs, found.job, found.details);
  }
}
