import type { CrawlStartRefusal } from '@mapsmith/app';
import {
  ERROR_STATUS,
  type ErrorCode,
  PLAN_LIMITS,
  type Plan,
  plural,
  type RateInfo,
  retryInWords,
  storageRefusalText,
} from '@mapsmith/core';
import { HttpError } from '../../http/errors.js';
import { bindingRate, rateHeaders, retryAfter } from '../../limits/rate-headers.js';

/** A refusal's title, sentence and code, as the hosted app words them. */
type Words = [error: string, message: string, code: ErrorCode];

function words(refused: CrawlStartRefusal, plan: Plan, now: number): Words {
  switch (refused.reason) {
    case 'url':
      return ['Invalid input', 'Enter an absolute http:// or https:// URL', 'input.invalid'];
    case 'settings-pro':
      return [
        'Pro required',
        'Crawl settings (depth, include and exclude patterns, scope, rendering, delay, user agent and a staging site login) are part of Mapsmith Pro. Start the crawl without them, or upgrade to Pro.',
        'crawl.settings-pro',
      ];
    case 'monthly':
      return [
        'Monthly limit reached',
        `You have used your ${PLAN_LIMITS[plan].pagesPerMonth} pages for this month. Upgrade to Pro for unlimited crawling, or wait until the 1st.`,
        'limit.monthly',
      ];
    case 'storage':
      return ['Storage full', storageRefusalText(refused.storage), 'limit.storage'];
    case 'hourly': {
      const wait = Number(retryAfter(refused.rate, now)['Retry-After']);
      return [
        'Too many crawls',
        `You can start ${plural(refused.rate.limit, 'crawl')} per hour. ${retryInWords(wait)}`,
        'limit.hourly',
      ];
    }
    case 'plan':
      return ['Not allowed', 'Your plan cannot start crawls', 'limit.plan'];
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
  const [error, message, code] = words(refused, plan, now);
  const headers =
    refused.reason === 'hourly'
      ? { ...rateHeaders(refused.rate), ...retryAfter(refused.rate, now) }
      : 'rate' in refused
        ? rateHeaders(bindingRate(refused.rate, token))
        : {};
  return new HttpError(
    ERROR_STATUS[code],
    error,
    message,
    headers,
    code,
    refused.reason === 'url' ? 'url' : undefined,
  );
}
