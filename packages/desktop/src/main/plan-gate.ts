import { AppError, type CrawlStartRefusal } from '@mapsmith/app';
import {
  ERROR_STATUS,
  type ErrorCode,
  nextMonthStart,
  PLAN_LIMITS,
  type Plan,
  retryInWords,
  storageRefusalText,
} from '@mapsmith/core';

/** A refusal's title, sentence and code, as the desktop words them. */
type Words = [error: string, message: string, code: ErrorCode];

function words(refused: CrawlStartRefusal, plan: Plan, now: number): Words {
  const limits = PLAN_LIMITS[plan];
  switch (refused.reason) {
    case 'url':
      return ['Invalid input', 'Enter an absolute http:// or https:// URL', 'input.invalid'];
    case 'settings-pro':
      return [
        'Pro required',
        'Crawl settings (depth, include and exclude patterns, scope, rendering, delay, user agent and a staging site login) are part of Mapsmith Pro: link a Pro account to use them, or start the crawl without them.',
        'crawl.settings-pro',
      ];
    case 'plan':
      return ['Not allowed', `The ${plan} plan cannot start crawls.`, 'limit.plan'];
    case 'monthly':
      return [
        'Monthly limit reached',
        `The free plan crawls ${limits.pagesPerMonth} pages a month; the meter resets on ${nextMonthStart(now).toISOString().slice(0, 10)}. Link a Pro account to lift the limit.`,
        'limit.monthly',
      ];
    case 'storage':
      return ['Storage full', storageRefusalText(refused.storage), 'limit.storage'];
    case 'hourly': {
      const wait = (refused.rate.resetMs - now) / 1000;
      return [
        'Too many crawls',
        `The ${plan} plan starts ${limits.crawlsPerHour} crawls an hour. ${retryInWords(Math.max(1, wait))}`,
        'limit.hourly',
      ];
    }
  }
}

/**
 * The refusal of a local crawl start, in the desktop's words. The decision is the application
 * layer's (`CrawlStart`: the settings gate, then core `decideCrawlStart` over the local user's
 * starts and month meter), as hosted: free is 100 pages a crawl, 500 a month and 10 crawls an
 * hour; a linked Pro account lifts them. Only the way out differs: here it is linking an account.
 */
export function startRefusal(refused: CrawlStartRefusal, plan: Plan, now: number): AppError {
  const [error, message, code] = words(refused, plan, now);
  return new AppError(
    ERROR_STATUS[code],
    error,
    message,
    code,
    refused.reason === 'url' ? 'url' : undefined,
  );
}
