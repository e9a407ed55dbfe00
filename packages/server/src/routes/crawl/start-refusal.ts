import {
  AppError,
  CRAWL_SETTINGS_FEATURE,
  CRAWL_START_REFUSALS,
  type CrawlStartRefusal,
  NOT_A_SITE_URL,
  proRequired,
  startRefusedError,
} from '@mapsmith/app';
import type { Plan, RateInfo } from '@mapsmith/core';
import { startRefusalAnswer } from '../../limits/start-refusal.js';

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
): AppError {
  if ('rate' in refused) return startRefusalAnswer(startRefusedError(refused, plan, now), token);
  if (refused.reason === 'settings-pro')
    return proRequired(CRAWL_SETTINGS_FEATURE, {
      advice: 'Start the crawl without them, or upgrade to Pro.',
    });
  const { code, title, field } = CRAWL_START_REFUSALS[refused.reason];
  return new AppError(code, title, NOT_A_SITE_URL, field ? { field } : {});
}
