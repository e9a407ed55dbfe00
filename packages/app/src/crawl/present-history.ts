import type { CrawlsListItem, HistoryItem } from '@mapsmith/core';
import type { CrawlJobRecord, HistoryJobRecord } from './ports.js';

/** Seconds from the first worker start to the end, for finished jobs. */
function completionSeconds(job: CrawlJobRecord): number | undefined {
  if (!job.startedAt || !job.finishedAt) return undefined;
  const ms = Date.parse(job.finishedAt) - Date.parse(job.startedAt);
  return Number.isFinite(ms) ? Math.round(ms / 100) / 10 : undefined;
}

/** A crawl history item (spec §3). */
export function presentHistoryItem(job: HistoryJobRecord): HistoryItem {
  const item: HistoryItem = {
    id: job.id,
    url: job.url,
    status: job.status,
    pagesCrawled: job.pagesCrawled,
    createdAt: job.createdAt,
  };
  const seconds = completionSeconds(job);
  if (seconds !== undefined) item.completionTime = seconds;
  if (job.listed) {
    item.listed = job.listed.count;
    item.nothingListed = job.listed.nothingListed;
  }
  return item;
}

/** A crawl of the history page (issue 26): the dashboard's item and its SEO score. */
export function presentCrawlsListItem(job: HistoryJobRecord): CrawlsListItem {
  return { ...presentHistoryItem(job), score: job.score };
}
