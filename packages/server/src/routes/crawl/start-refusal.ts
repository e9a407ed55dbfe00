import {
  CRAWL_START_REFUSALS,
  type CrawlStartRefusal,
  NOT_A_SITE_URL,
  startRefusedError,
} from '@mapsmith/app';
import { ERROR_STATUS, type Plan, type RateInfo } from '@mapsmith/core';
import { HttpError } from '../../http/errors.js';
import { startRefusalAnswer } from '../../limits/start-refusal.js';

/** The hosted sentence of a refusal decided before the admission. */
const BEFORE_ADMISSION: Readonly<Record<'url' | 'settings-pro', string>> = {
  url: NOT_A_SITE_URL,
  'settings-pro':
    'Crawl settings (depth, include and exclude patterns, scope, rendering, delay, user agent and a staging site login) are part of Mapsmith Pro. Start the crawl without them, or upgrade to Pro.',
};

/**
 * The hosted answer to a refused crawl start. A refusal of the admission (month, hour,
 * storage, plan) is worded once, by app's `startRefusedError`, which bulk lists share, and
 * carries the rate headers of the window it was counted in (`startRefusalAnswer`: an hourly
 * refusal the window's own figures and `Retry-After`, the others whichever binds with an API
 * token's). Refusals before the admission carry the request's window (`crawlRateHeaders`).
 */
export function startRefusal(
  refused: CrawlStartRefusal,
  plan: Plan,
  token: RateInfo | undefined,
  now = Date.now(),
): HttpError {
  if ('rate' in refused) return startRefusalAnswer(startRefusedError(refused, plan, now), token);
  const { code, title, field } = CRAWL_START_REFUSALS[refused.reason];
  return new HttpError(
    ERROR_STATUS[code],
    title,
    BEFORE_ADMISSION[refused.reason],
    {},
    code,
    field,
  );
}
