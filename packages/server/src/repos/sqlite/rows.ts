import type { CrawlStatus } from '@mapsmith/core';
import type { CrawlJobRecord } from '../types.js';

/** A `crawl_jobs` row as SQLite returns it. */
export interface CrawlJobRow {
  id: string;
  user_id: number;
  url: string;
  status: CrawlStatus;
  page_cap: number;
  pages_crawled: number;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  attempts: number;
}

/** The columns `toJob` reads. */
export const JOB_COLUMNS =
  'id, user_id, url, status, page_cap, pages_crawled, error, created_at, started_at, finished_at, attempts';

/** Maps a row to the record routes and workers use. */
export function toJob(row: CrawlJobRow): CrawlJobRecord {
  return {
    id: row.id,
    userId: row.user_id,
    url: row.url,
    status: row.status,
    pageCap: row.page_cap,
    pagesCrawled: row.pages_crawled,
    error: row.error,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    attempts: row.attempts,
  };
}
