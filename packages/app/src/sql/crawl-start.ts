import { randomUUID } from 'node:crypto';
import {
  type Clock,
  decideCrawlStart,
  HOUR_MS,
  isDefaultCrawlSettings,
  monthKey,
  PLAN_LIMITS,
  type Plan,
  type RateInfo,
  type SqlDatabase,
  type SqlTransaction,
} from '@mapsmith/core';
import type { CrawlJobRecord, StartCrawlInput, StartCrawlResult } from '../crawl/ports.js';
import { settingsJson } from '../secrets/sealed-settings.js';
import type { SecretBox } from '../secrets/secret-box.js';
import { userStoredBytes } from './stored-bytes.js';
import { lockedTransaction } from './transactions.js';

/**
 * The user's crawl starts in the rolling hour: one-off, scheduled and bulk sites alike, one
 * window (issue 27; `decideCrawlStart` holds each kind to its own ceiling of it). A crawl that
 * failed before a single page was fetched (no such host, connection refused) gives its start
 * back (walkthrough defect 10): it is counted while it waits and runs, not once it failed so.
 */
const START_WINDOW_SQL = `SELECT COUNT(*) AS n, MIN(created_ms) AS oldest FROM crawl_jobs
  WHERE user_id = ? AND created_ms > ?
    AND NOT (status = 'failed' AND pages_crawled = 0)`;

/** The list a start belongs to: a bulk site's job names its bulk and the list's line. */
export interface BulkPlace {
  bulkId: string;
  line: number;
}

/**
 * The one admission, inside the caller's transaction (which holds the user's lock): reads the
 * user's starts in the hour and pages in the month, asks core's `decideCrawlStart`, and
 * inserts the pending job. A bulk list calls it once per site in one transaction, so each site
 * is admitted exactly as a single start would be, counting the sites before it.
 */
export async function admitCrawlStart(
  tx: SqlTransaction,
  now: number,
  input: StartCrawlInput,
  box: SecretBox,
  bulk?: BulkPlace,
): Promise<StartCrawlResult> {
  const window = await tx.first<{ n: number; oldest: number | null }>(START_WINDOW_SQL, [
    input.userId,
    now - HOUR_MS,
  ]);
  const stored = input.ownDisk ? null : await userStoredBytes(tx, input.userId);
  const month = await tx.first<{ pages: number }>(
    'SELECT pages FROM usage_months WHERE user_id = ? AND month = ?',
    [input.userId, monthKey(now)],
  );
  const decision = decideCrawlStart(
    input.plan,
    {
      startsInWindow: window?.n ?? 0,
      oldestStartMs: window?.oldest ?? null,
      monthPages: month?.pages ?? 0,
      storedBytes: stored,
    },
    now,
    input.engineeringCap,
    bulk ? 'bulk-site' : 'single',
  );
  if (!decision.ok) return decision;
  const id = randomUUID();
  const createdAt = new Date(now).toISOString();
  await tx.run(
    `INSERT INTO crawl_jobs (id, user_id, url, status, page_cap, month_quota, storage_budget,
                             created_at, created_ms, settings, bulk_id, bulk_line)
     VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      input.userId,
      input.url,
      decision.pageCap,
      decision.monthQuota,
      decision.storageBudget,
      createdAt,
      now,
      settingsJson(input.settings, box),
      bulk?.bulkId ?? null,
      bulk?.line ?? null,
    ],
  );
  const job: CrawlJobRecord = {
    id,
    userId: input.userId,
    url: input.url,
    status: 'pending',
    control: null,
    pageCap: decision.pageCap,
    pagesCrawled: 0,
    error: null,
    createdAt,
    startedAt: null,
    finishedAt: null,
    attempts: 0,
    settings: isDefaultCrawlSettings(input.settings) ? null : (input.settings ?? null),
  };
  return { ok: true, job, rate: decision.rate };
}

/**
 * Admits a crawl (`CrawlJobRepository.start`) with `admitCrawlStart`, in one transaction
 * holding the user's lock, so concurrent starts of one user (on any node, or the desktop's
 * one user) are counted one after the other.
 */
export function startCrawlJob(
  db: SqlDatabase,
  clock: Pick<Clock, 'now'>,
  input: StartCrawlInput,
  box: SecretBox,
): Promise<StartCrawlResult> {
  return lockedTransaction(db, `user:${input.userId}`, (tx) =>
    admitCrawlStart(tx, clock.now(), input, box),
  );
}

/** The user's crawl-start window now, read only: the same window `startCrawlJob` counts. */
export async function crawlStartRate(
  db: SqlDatabase,
  clock: Pick<Clock, 'now'>,
  userId: number,
  plan: Plan,
): Promise<RateInfo> {
  const now = clock.now();
  const row = await db.first<{ n: number; oldest: number | null }>(START_WINDOW_SQL, [
    userId,
    now - HOUR_MS,
  ]);
  const limit = PLAN_LIMITS[plan].crawlsPerHour;
  return {
    limit,
    remaining: Math.max(0, limit - (row?.n ?? 0)),
    resetMs: (row?.oldest ?? now) + HOUR_MS,
  };
}
