import type { CrawlJob, ResultItem } from '@mapsmith/core';
import type { CrawlJobRecord } from '../../repos/types.js';

/** Whether a job has reached its end (spec §3: anything else is in progress). */
export function isFinished(job: CrawlJobRecord): boolean {
  return job.status === 'completed' || job.status === 'failed';
}

/** The spec §7 shape of `GET /api/crawl/{jobId}`. */
export function presentCrawlJob(job: CrawlJobRecord, results: ResultItem[]): CrawlJob {
  return {
    jobId: job.id,
    status: job.status,
    pagesCrawled: job.pagesCrawled,
    createdAt: job.createdAt,
    error: job.error,
    results,
    ...(job.notes?.length ? { notes: job.notes } : {}),
  };
}
