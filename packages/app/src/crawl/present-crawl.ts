import {
  type CrawlJob,
  type CrawlOutcome,
  crawlFailureCode,
  isDiskFull,
  MAX_POLL_RESULTS,
  maskCrawlSettings,
} from '@mapsmith/core';
import { computeOutcome } from './crawl-outcome.js';
import type { CrawlJobDetails, CrawlJobRecord, CrawlJobRepository } from './ports.js';

/** Whether a job has reached its end (spec §3: anything else is in progress). */
function isFinished(job: CrawlJobRecord): boolean {
  return job.status === 'completed' || job.status === 'failed';
}

/**
 * Outcomes being computed now, per job repository and job: the first reads of a finished job
 * share one pass over its records (eight polls of a 300,000-page job at once would otherwise
 * run eight passes side by side and hold the database's threads for seconds).
 */
const computing = new WeakMap<object, Map<string, Promise<CrawlOutcome>>>();

/** The stored outcome of a finished job, or computes and stores it once however many ask. */
export async function outcomeOnce(
  jobs: CrawlJobRepository,
  job: CrawlJobRecord,
  details: CrawlJobDetails,
): Promise<CrawlOutcome> {
  if (details.outcome) return details.outcome;
  const pending = computing.get(jobs) ?? new Map<string, Promise<CrawlOutcome>>();
  computing.set(jobs, pending);
  const running = pending.get(job.id);
  if (running) return running;
  const work = (async () => {
    // A pass that ended since `details` was read has kept its outcome (saved before it left
    // `pending`): read it again rather than run a second pass.
    const kept = (await jobs.details(job.id)).outcome;
    if (kept) return kept;
    const outcome = await computeOutcome(jobs, job, details.summary, details.monthQuota);
    // Kept so later reads skip the pass; a read still answers when the disk has no room to
    // keep it (a crawl that failed by filling the disk is read right after): the next read
    // computes it again.
    await jobs.saveOutcome(job.id, outcome).catch((err: unknown) => {
      if (!isDiskFull(err)) throw err;
    });
    return outcome;
  })().finally(() => pending.delete(job.id));
  pending.set(job.id, work);
  return work;
}

/**
 * The spec §7 shape of `GET /api/crawl/{jobId}`, bounded whatever the crawl's size (issue 19):
 * the first `MAX_POLL_RESULTS` listed pages, their total, the start URL, the crawl's notes,
 * live progress while it runs and the honest outcome once it ended (kept after the first read).
 * The URL table (`crawl.urls`) pages through the rest.
 */
export async function presentCrawlJob(
  jobs: CrawlJobRepository,
  job: CrawlJobRecord,
  details: CrawlJobDetails,
): Promise<CrawlJob> {
  const finished = isFinished(job);
  const listed = finished
    ? await jobs.report().firstListed(job.id, MAX_POLL_RESULTS)
    : { results: [], total: 0 };
  let outcome: CrawlOutcome | null = null;
  if (finished) outcome = await outcomeOnce(jobs, job, details);
  const notes = details.summary?.notes ?? [];
  const errorCode = crawlFailureCode(job.error);
  return {
    jobId: job.id,
    status: job.status,
    pagesCrawled: job.pagesCrawled,
    createdAt: job.createdAt,
    error: job.error,
    ...(errorCode ? { errorCode } : {}),
    results: listed.results,
    resultsTotal: listed.total,
    url: job.url,
    finishedAt: job.finishedAt,
    ...(notes.length ? { notes } : {}),
    progress: finished ? null : details.progress,
    outcome,
    settings: maskCrawlSettings(job.settings),
    control: finished ? null : job.control,
  };
}
