import {
  type CrawlSettings,
  type CrawlStatus,
  crawlSettings,
  isDefaultCrawlSettings,
} from '@mapsmith/core';
import type { CrawlJobRecord } from '../crawl/ports.js';

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

/**
 * The stored settings, read back through the contract's schema: a row written by an older
 * version, or by hand, runs with the defaults rather than with something the schema refuses.
 */
export function parseSettings(raw: string | null): CrawlSettings | null {
  if (!raw) return null;
  try {
    const parsed = crawlSettings.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The settings as stored: null when every setting is the default (a free user's crawl). */
export function settingsJson(settings: CrawlSettings | null | undefined): string | null {
  return isDefaultCrawlSettings(settings) ? null : JSON.stringify(settings);
}

/** Maps a row to the record routes and workers use. */
export function toJob(row: CrawlJobRow): CrawlJobRecord {
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
    settings: parseSettings(row.settings),
  };
}
