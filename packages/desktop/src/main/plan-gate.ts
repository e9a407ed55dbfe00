import {
  AppError,
  CRAWL_SETTINGS_FEATURE,
  CRAWL_START_REFUSALS,
  type CrawlStartRefusal,
  NOT_A_SITE_URL,
  proRequired,
} from '@mapsmith/app';
import {
  type ErrorCode,
  nextMonthStart,
  PLAN_LIMITS,
  type Plan,
  retryInWords,
  storageRefusalText,
} from '@mapsmith/core';

/** A refused start the desktop words itself (`settings-pro` is `proRequired`'s, as every Pro refusal). */
type WordedRefusal = Exclude<CrawlStartRefusal, { reason: 'settings-pro' }>;

/** A refusal's sentence, as the desktop words it. */
function sentence(refused: WordedRefusal, plan: Plan, now: number): string {
  const limits = PLAN_LIMITS[plan];
  switch (refused.reason) {
    case 'url':
      return NOT_A_SITE_URL;
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
  if (refused.reason === 'settings-pro')
    return proRequired(CRAWL_SETTINGS_FEATURE, {
      advice: 'Link a Pro account to use them, or start the crawl without them.',
    });
  const { code, title, ...about }: { code: ErrorCode; title: string; field?: string } =
    CRAWL_START_REFUSALS[refused.reason];
  return new AppError(code, title, sentence(refused, plan, now), about);
}
