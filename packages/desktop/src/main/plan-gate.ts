import { AppError, type StartCrawlResult } from '@mapsmith/app';
import {
  nextMonthStart,
  PLAN_LIMITS,
  type Plan,
  retryInWords,
  storageRefusalText,
} from '@mapsmith/core';

/**
 * The refusal of a local crawl start, in the desktop's words. The decision is the application
 * layer's (`CrawlJobRepository.start`, core `decideCrawlStart` over the local user's starts and
 * month meter), as hosted: free is 100 pages a crawl, 500 a month and 10 crawls an hour; a
 * linked Pro account lifts them. Only the way out differs: here it is linking an account.
 */
export function startRefusal(
  refused: Extract<StartCrawlResult, { ok: false }>,
  plan: Plan,
  now: number,
): AppError {
  const limits = PLAN_LIMITS[plan];
  if (refused.reason === 'plan')
    return new AppError('limit.plan', 'Not allowed', `The ${plan} plan cannot start crawls.`);
  if (refused.reason === 'monthly')
    return new AppError(
      'limit.monthly',
      'Monthly limit reached',
      `The free plan crawls ${limits.pagesPerMonth} pages a month; the meter resets on ${nextMonthStart(now).toISOString().slice(0, 10)}. Link a Pro account to lift the limit.`,
    );
  if (refused.reason === 'storage')
    return new AppError('limit.storage', 'Storage full', storageRefusalText(refused.storage));
  const wait = (refused.rate.resetMs - now) / 1000;
  return new AppError(
    'limit.hourly',
    'Too many crawls',
    `The ${plan} plan starts ${limits.crawlsPerHour} crawls an hour. ${retryInWords(Math.max(1, wait))}`,
  );
}
