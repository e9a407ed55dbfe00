import {
  type CapFacts,
  type CrawlOutcome,
  type CrawlSummary,
  DEFAULT_CRAWL_OPTIONS,
  endReasonOf,
  endSentence,
  jobOutcome,
  PLAN_LIMITS,
} from '@mapsmith/core';
import type { CrawlJobRecord, CrawlJobRepository } from './ports.js';

/**
 * Which limit set a hosted job's page cap. A job with a monthly quota is a free user's (Pro has
 * none); a crawl that stopped at a page limit with fewer pages than its cap stopped because
 * the month ran out (the store refuses pages past the quota).
 */
export function capFacts(
  job: CrawlJobRecord,
  monthQuota: number | null,
  endedBy: CrawlSummary['endedBy'] | null,
): CapFacts {
  const free = monthQuota !== null;
  return {
    planName: free ? 'free' : 'Pro',
    planCap: free ? PLAN_LIMITS.free.pagesPerCrawl : null,
    pageCap: job.pageCap,
    monthQuota,
    quotaHit: endedBy === 'page-limit' && job.pagesCrawled < job.pageCap,
  };
}

/**
 * The outcome of an ended hosted job: what ended it (the crawler's summary and the caps), why
 * nothing was listed, and the downloads' availability, from core `jobOutcome`.
 */
export async function computeOutcome(
  jobs: CrawlJobRepository,
  job: CrawlJobRecord,
  summary: CrawlSummary | null,
  monthQuota: number | null,
): Promise<CrawlOutcome> {
  const failed = job.status === 'failed';
  const endedBy = failed ? 'error' : (summary?.endedBy ?? 'finished');
  const cap = capFacts(job, monthQuota, endedBy);
  const reason = endReasonOf(endedBy, cap);
  const waiting = reason === 'finished' ? 0 : await jobs.waiting(job.id);
  return jobOutcome(jobs.report(), job.id, {
    endReason: reason,
    endSentence: endSentence(reason, cap, waiting, {
      timeLimitMs: DEFAULT_CRAWL_OPTIONS.timeLimitMs,
      error: job.error ?? summary?.error ?? null,
      pages: job.pagesCrawled,
      ...(summary?.limit === undefined ? {} : { limit: summary.limit }),
    }),
    error: failed ? job.error : null,
    pages: job.pagesCrawled,
    waiting,
    completed: !failed,
  });
}
