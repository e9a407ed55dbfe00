import { CRAWL_START_REFUSALS, type CrawlStartRefusal, NOT_A_SITE_URL } from '@mapsmith/app';
import {
  ERROR_STATUS,
  PLAN_LIMITS,
  type Plan,
  plural,
  type RateInfo,
  retryInWords,
  storageRefusalText,
} from '@mapsmith/core';
import { HttpError } from '../../http/errors.js';
import { bindingRate, rateHeaders, retryAfter } from '../../limits/rate-headers.js';

/** A refusal's sentence, as the hosted app words it. */
function sentence(refused: CrawlStartRefusal, plan: Plan, now: number): string {
  switch (refused.reason) {
    case 'url':
      return NOT_A_SITE_URL;
    case 'settings-pro':
      return 'Crawl settings (depth, include and exclude patterns, scope, rendering, delay, user agent and a staging site login) are part of Mapsmith Pro. Start the crawl without them, or upgrade to Pro.';
    case 'monthly':
      return `You have used your ${PLAN_LIMITS[plan].pagesPerMonth} pages for this month. Upgrade to Pro for unlimited crawling, or wait until the 1st.`;
    case 'storage':
      return storageRefusalText(refused.storage);
    case 'hourly': {
      const wait = Number(retryAfter(refused.rate, now)['Retry-After']);
      return `You can start ${plural(refused.rate.limit, 'crawl')} per hour. ${retryInWords(wait)}`;
    }
    case 'plan':
      return 'Your plan cannot start crawls';
  }
}

/**
 * The hosted answer to a refused crawl start: its words, the status of its code, and the rate
 * headers of the window the admission counted (whichever binds with an API token's). An hourly
 * refusal gives the crawl-start window's own figures, whatever the token has left, and
 * `Retry-After`. Refusals before the admission carry the request's window (`crawlRateHeaders`).
 */
export function startRefusal(
  refused: CrawlStartRefusal,
  plan: Plan,
  token: RateInfo | undefined,
  now = Date.now(),
): HttpError {
  const { code, title, field } = CRAWL_START_REFUSALS[refused.reason];
  const headers =
    refused.reason === 'hourly'
      ? { ...rateHeaders(refused.rate), ...retryAfter(refused.rate, now) }
      : 'rate' in refused
        ? rateHeaders(bindingRate(refused.rate, token))
        : {};
  return new HttpError(
    ERROR_STATUS[code],
    title,
    sentence(refused, plan, now),
    headers,
    code,
    field,
  );
}
