import {
  decideCrawlStart,
  HOUR_MS,
  nextMonthStart,
  PLAN_LIMITS,
  type Plan,
  retryInWords,
} from '@mapsmith/core';
import { HandlerError } from './errors';
import type { LocalStore } from './store/local-store';

/**
 * Applies the plan's limits to a local crawl start through core `decideCrawlStart`, the rule the
 * hosted server applies, and returns the page cap. The desktop counts against its own history:
 * free is 100 pages a crawl, 500 a month and 10 crawls an hour; a linked Pro account lifts
 * them. The month's pages include those reserved by crawls still running.
 */
export async function admitCrawl(
  store: LocalStore,
  plan: Plan,
  now: number,
  engineeringCap: number,
): Promise<number> {
  const limits = PLAN_LIMITS[plan];
  const since = new Date(now - HOUR_MS).toISOString();
  const oldest = await store.oldestStartSince(since);
  const monthPages =
    limits.pagesPerMonth === null
      ? 0
      : (await store.analytics(new Date(now), limits.pagesPerMonth)).usage.used +
        (await store.reservedPages());
  const decision = decideCrawlStart(
    plan,
    {
      startsInWindow: await store.crawlsSince(since),
      oldestStartMs: oldest ? Date.parse(oldest) : null,
      monthPages,
    },
    now,
    engineeringCap,
  );
  if (decision.ok) return decision.pageCap;
  if (decision.reason === 'plan') {
    throw new HandlerError(
      403,
      'Not allowed',
      `The ${plan} plan cannot start crawls.`,
      'limit.plan',
    );
  }
  if (decision.reason === 'monthly') {
    throw new HandlerError(
      403,
      'Monthly limit reached',
      `The free plan crawls ${limits.pagesPerMonth} pages a month; the meter resets on ${nextMonthStart(now).toISOString().slice(0, 10)}. Link a Pro account to lift the limit.`,
      'limit.monthly',
    );
  }
  const wait = (decision.rate.resetMs - now) / 1000;
  throw new HandlerError(
    429,
    'Too many crawls',
    `The ${plan} plan starts ${limits.crawlsPerHour} crawls an hour. ${retryInWords(Math.max(1, wait))}`,
    'limit.hourly',
  );
}
