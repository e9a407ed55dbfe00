import { PLAN_LIMITS, type Plan, pageCapFor } from '@mapsmith/core';
import { HandlerError } from './errors';
import type { LocalStore } from './store/local-store';
import { nextMonthStart } from './store/usage';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Applies the plan's limits (core `plans.ts`) to a local crawl start and returns the page cap.
 * The desktop counts against its own history: free is 100 pages a crawl, 500 a month and 10
 * crawls an hour; a linked Pro account lifts them. A crawl's cap never exceeds what the month
 * has left after the pages reserved by crawls still running.
 */
export async function admitCrawl(
  store: LocalStore,
  plan: Plan,
  now: number,
  engineeringCap: number,
): Promise<number> {
  const limits = PLAN_LIMITS[plan];
  let cap = pageCapFor(plan, engineeringCap);
  if (limits.pagesPerMonth !== null) {
    const { usage } = await store.analytics(new Date(now), limits.pagesPerMonth);
    const left = limits.pagesPerMonth - usage.used - (await store.reservedPages());
    if (left <= 0) {
      throw new HandlerError(
        403,
        'Monthly limit reached',
        `The free plan crawls ${limits.pagesPerMonth} pages a month; the meter resets on ${nextMonthStart(new Date(now)).toISOString().slice(0, 10)}. Link a Pro account to lift the limit.`,
      );
    }
    cap = Math.min(cap, left);
  }
  const since = new Date(now - HOUR_MS).toISOString();
  if ((await store.crawlsSince(since)) >= limits.crawlsPerHour) {
    const oldest = await store.oldestStartSince(since);
    const wait = oldest ? Math.ceil((Date.parse(oldest) + HOUR_MS - now) / 60000) : 60;
    throw new HandlerError(
      429,
      'Too many crawls',
      `The ${plan} plan starts ${limits.crawlsPerHour} crawls an hour. Try again in ${Math.max(1, wait)} minutes.`,
    );
  }
  return cap;
}
