import type { CrawlStatus } from '@mapsmith/core';
import type { CrawlJobRecord } from '../crawl/ports.js';
import { parseSettings } from '../secrets/sealed-settings.js';
import type { SecretBox } from '../secrets/secret-box.js';

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
  settings: string | null;
  control: JobControl | null;
}

/** What the owner asked of a job under way (issue 30): stop it, or pause it. */
export type JobControl = 'stop' | 'pause';

/** The columns `toJob` reads. */
export const JOB_COLUMNS =
  'id, user_id, url, status, page_cap, pages_crawled, error, created_at, started_at, finished_at, attempts, settings, control';

/**
 * The condition a pending row must meet to be claimed: a paused crawl is a pending row asked to
 * pause, and waits for its owner. Every claim and dispatch of crawl jobs reads it from here.
 */
export const NOT_PAUSED = "(control IS NULL OR control <> 'pause')";

/** Maps a row to the record routes and workers use; `box` opens its settings' secrets. */
export function toJob(row: CrawlJobRow, box: SecretBox): CrawlJobRecord {
  return {
    id: row.id,
    userId: row.user_id,
    url: row.url,
    // A paused crawl is stored as a pending row asked to pause: no worker holds or takes it.
    status: row.status === 'pending' && row.control === 'pause' ? 'paused' : row.status,
    control: row.control ?? null,
    pageCap: row.page_cap,
    pagesCrawled: row.pages_crawled,
    error: row.error,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    attempts: row.attempts,
    settings: parseSettings(row.settings, box),
  };
}
