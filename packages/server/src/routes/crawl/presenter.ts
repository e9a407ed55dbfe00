import { type CrawlJob, type CrawlOutcome, MAX_POLL_RESULTS } from '@mapsmith/core';
import type { AppContext } from '../../context.js';
import { computeOutcome } from '../../jobs/crawl-outcome.js';
import type { CrawlJobRecord } from '../../repos/types.js';

/** Whether a job has reached its end (spec §3: anything else is in progress). */
export function isFinished(job: CrawlJobRecord): boolean {
  return job.status === 'completed' || job.status === 'failed';
}

/**
 * The spec §7 shape of `GET /api/crawl/{jobId}`, bounded whatever the crawl's size (issue 19):
 * the first `MAX_POLL_RESULTS` listed pages, their total, the start URL, the crawl's notes,
 * live progress while it runs and the honest outcome once it ended (kept after the first read).
 * The URL table (`crawl.urls`) pages through the rest.
 */
export async function presentCrawlJob(ctx: AppContext, job: CrawlJobRecord): Promise<CrawlJob> {
  const { jobs } = ctx.repos;
  const details = await jobs.details(job.id);
  const finished = isFinished(job);
  const listed = finished
    ? await jobs.report().firstListed(job.id, MAX_POLL_RESULTS)
    : { results: [], total: 0 };
  let outcome: CrawlOutcome | null = null;
  if (finished) {
    outcome =
      details.outcome ?? (await computeOutcome(jobs, job, details.summary, details.monthQuota));
    if (!details.outcome) await jobs.saveOutcome(job.id, outcome);
  }
  const notes = details.summary?.notes ?? [];
  return {
    jobId: job.id,
    status: job.status,
    pagesCrawled: job.pagesCrawled,
    createdAt: job.createdAt,
    error: job.error,
    results: listed.results,
    resultsTotal: listed.total,
    url: job.url,
    finishedAt: job.finishedAt,
    ...(notes.length ? { notes } : {}),
    progress: finished ? null : details.progress,
    outcome,
    settings: job.settings,
  };
}
