import {
  AppError,
  CRAWL_START_REFUSALS,
  type CrawlStartRefusal,
  refusedBeforeAdmission,
  type StartRefused,
} from '@mapsmith/app';
import {
  nextMonthStart,
  PLAN_LIMITS,
  type Plan,
  retryInWords,
  storageRefusalText,
} from '@mapsmith/core';

/** A refusal's sentence, as the desktop words it. */
function sentence(refused: StartRefused, plan: Plan, now: number): string {
  const limits = PLAN_LIMITS[plan];
  switch (refused.reason) {
    case 'plan':
      return `The ${plan} plan cannot start crawls.`;
    case 'monthly':
      return `The free plan crawls ${limits.pagesPerMonth} pages a month; the meter resets on ${nextMonthStart(now).toISOString().slice(0, 10)}. Link a Pro account to lift the limit.`;
    case 'storage':
      return storageRefusalText(refused.storage);
    case 'hourly': {
      const wait = (refused.rate.resetMs - now) / 1000;
      return `The ${plan} plan starts ${limits.crawlsPerHour} crawls an hour. ${retryInWords(Math.max(1, wait))}`;
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
  if (!('rate' in refused))
    return refusedBeforeAdmission(
      refused,
      'Link a Pro account to use them, or start the crawl without them.',
    );
  const { code, title } = CRAWL_START_REFUSALS[refused.reason];
  return new AppError(code, title, sentence(refused, plan, now));
}
