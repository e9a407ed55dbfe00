import type { CrawlStore, CrawlSummary } from '@mapsmith/core';
import type { ClaimedJob, CrawlJobRecord, CrawlJobRepository } from '../repos/types.js';
import { DISK_FULL_MESSAGE, isDiskFull } from '../storage/disk-space.js';
import type { BackgroundTask } from './task.js';

/** What a crawl run gets: its job, its durable store, and whether it resumes a stopped run. */
export interface CrawlRunContext {
  /** Frontier and pages of this job; pages are stored (and charged) as they arrive. */
  store: CrawlStore;
  /** Aborted on shutdown or when the lease is lost. */
  signal: AbortSignal;
  /** True when an earlier run was interrupted; the store already holds its frontier. */
  resumed: boolean;
}

/**
 * Runs one crawl to its end and returns the summary (the real crawler in production). A
 * runner holding resources (a browser) releases them in `close`, called when the server stops.
 */
export type CrawlRunner = ((job: CrawlJobRecord, ctx: CrawlRunContext) => Promise<CrawlSummary>) & {
  close?: () => Promise<void>;
};

/** The job error of a crawl stopped by a full disk (the store failed to write). */
const DISK_FULL_STOP = `The crawl stopped: ${DISK_FULL_MESSAGE}. Please try again later.`;

/** Thrown for a crawl that ended in error, so its reason is recorded as the job's error. */
export class CrawlFailedError extends Error {
  /** `message` is shown to the user as the job's error. */
  constructor(message: string) {
    super(message);
    this.name = 'CrawlFailedError';
  }
}

/** The crawl job: resumes the job's stored frontier, then runs the crawler on it. */
export class CrawlTask implements BackgroundTask<ClaimedJob, CrawlSummary> {
  /** Interrupted runs (server restarts) are resumed twice, then the job fails with its reason. */
  readonly maxAttempts = 3;

  /** Reads stores from `jobs` and crawls with `run`. */
  constructor(
    private readonly jobs: CrawlJobRepository,
    private readonly run: CrawlRunner,
  ) {}

  /**
   * Entries leased by a dead run go back to the queue before the crawler starts. When the
   * owner's monthly quota runs out mid-crawl the store stops storing and the crawl is ended:
   * the job completes with the pages stored so far.
   */
  async perform(claimed: ClaimedJob, signal: AbortSignal): Promise<CrawlSummary> {
    const quota = new AbortController();
    const store = this.jobs.store(claimed.job.id, () => quota.abort('quota'));
    await store.requeueLeased();
    const summary = await this.run(claimed.job, {
      store,
      signal: AbortSignal.any([signal, quota.signal]),
      resumed: claimed.resumed,
    });
    if (quota.signal.aborted && !signal.aborted) {
      return { ...summary, endedBy: 'page-limit', error: null };
    }
    if (summary.endedBy === 'error') {
      if (isDiskFull(summary.error)) throw new CrawlFailedError(DISK_FULL_STOP);
      throw new CrawlFailedError(summary.error ?? 'The crawl stopped with an error');
    }
    return summary;
  }

  /** Our own failures keep their text; anything else says what happened without internals. */
  onFailed(error: unknown): string {
    if (error instanceof CrawlFailedError) return error.message;
    if (isDiskFull(error)) return DISK_FULL_STOP;
    const detail = error instanceof Error ? error.message : String(error);
    return `The crawl failed: ${detail}`;
  }
}
