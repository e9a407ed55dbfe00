import { PLAN_LIMITS, type Plan, pageCapFor, storageBudgetBytes } from '../plans.js';

/** One hour, the window of the crawl-start rate limit. */
export const HOUR_MS = 60 * 60 * 1000;

/** What the rate-limit headers say about a rolling window. */
export interface RateInfo {
  /** Starts allowed per window. */
  limit: number;
  /** Starts left in the window after this answer. */
  remaining: number;
  /** When (ms since the epoch) the oldest counted start leaves the window. */
  resetMs: number;
}

/** The counts a crawl-start decision needs, read inside the same immediate transaction. */
export interface CrawlStartCounts {
  /** Crawls this user started in the last hour. */
  startsInWindow: number;
  /** When the oldest of those started, or null. */
  oldestStartMs: number | null;
  /** Pages charged to this user in the current calendar month (UTC). */
  monthPages: number;
  /**
   * Bytes the user's stored crawls hold (`crawl_jobs.stored_bytes`, summed); null where the
   * crawl stores on its user's own computer (the desktop): the budget guards a shared disk.
   */
  storedBytes: number | null;
}

/**
 * What a start is: a crawl started on its own (one-off or scheduled), or one site of a bulk
 * list. Both count in the one hourly window; the window holds a bulk site while it has fewer
 * than the plan's `bulkSitesPerHour` starts, any other start while it has fewer than
 * `crawlsPerHour` (so a list of 100 sites fits, and the single starts after it wait for it).
 */
export type StartKind = 'single' | 'bulk-site';

/** The starts the hourly window holds for a start of `kind` on `plan`. */
export function hourlyStartLimit(plan: Plan, kind: StartKind): number {
  const limits = PLAN_LIMITS[plan];
  return kind === 'bulk-site' ? limits.bulkSitesPerHour : limits.crawlsPerHour;
}

/** Whether a crawl may start, and with which page cap. */
export type CrawlStartDecision =
  | {
      ok: true;
      pageCap: number;
      monthQuota: number | null;
      /** The plan's storage budget in bytes, kept on the job for its running crawl; null: none. */
      storageBudget: number | null;
      rate: RateInfo;
    }
  | { ok: false; reason: 'plan' | 'monthly' | 'hourly'; rate: RateInfo }
  | {
      ok: false;
      reason: 'storage';
      rate: RateInfo;
      /** Bytes the user's crawls hold, and the plan's budget. */
      storage: { used: number; budget: number };
    };

/**
 * Decides a crawl start from the plan table (core `plans.ts`, the one module of constants).
 * A free user's crawl is capped at what the month has left; crawls running side by side are
 * held to the quota when they charge each page (the server's SQLite crawl store). The hosted
 * server and the desktop app both decide with this one function, for a single start and for
 * each site of a bulk list alike.
 */
export function decideCrawlStart(
  plan: Plan,
  counts: CrawlStartCounts,
  now: number,
  engineeringCap: number,
  kind: StartKind = 'single',
): CrawlStartDecision {
  const limits = PLAN_LIMITS[plan];
  const hourly = hourlyStartLimit(plan, kind);
  const resetMs = (counts.oldestStartMs ?? now) + HOUR_MS;
  const rate = (used: number): RateInfo => ({
    limit: hourly,
    remaining: Math.max(0, hourly - used),
    resetMs,
  });
  if (!limits.canCrawl) return { ok: false, reason: 'plan', rate: rate(counts.startsInWindow) };
  let pageCap = pageCapFor(plan, engineeringCap);
  if (limits.pagesPerMonth !== null) {
    const left = limits.pagesPerMonth - counts.monthPages;
    if (left <= 0) return { ok: false, reason: 'monthly', rate: rate(counts.startsInWindow) };
    pageCap = Math.min(pageCap, left);
  }
  const storageBudget = counts.storedBytes === null ? null : storageBudgetBytes(plan);
  if (
    counts.storedBytes !== null &&
    storageBudget !== null &&
    counts.storedBytes >= storageBudget
  ) {
    const storage = { used: counts.storedBytes, budget: storageBudget };
    return { ok: false, reason: 'storage', rate: rate(counts.startsInWindow), storage };
  }
  if (counts.startsInWindow >= hourly) {
    return { ok: false, reason: 'hourly', rate: rate(counts.startsInWindow) };
  }
  return {
    ok: true,
    pageCap,
    monthQuota: limits.pagesPerMonth,
    storageBudget,
    rate: rate(counts.startsInWindow + 1),
  };
}

/** `YYYY-MM` of a time, in UTC: the key of the monthly usage meter. */
export function monthKey(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

/** The first instant of the next calendar month (UTC), when the meter resets. */
export function nextMonthStart(ms: number): Date {
  const d = new Date(ms);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
}
