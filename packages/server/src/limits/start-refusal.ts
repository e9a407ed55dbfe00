import {
  AppError,
  type CrawlStartRefusal,
  rateHeaders,
  refusedBeforeAdmission,
  StartRefusedError,
  startRefusedError,
} from '@mapsmith/app';
import type { Plan, RateInfo } from '@mapsmith/core';
import { bindingRate } from './rate-headers.js';

/**
 * A start the plan's limits refused, with the rate headers of the window it was decided in:
 * an hourly refusal with that window's figures and `Retry-After`, the others with the limit
 * that binds beside the API token's window.
 */
export function startRefusalAnswer(
  err: StartRefusedError,
  tokenRate: RateInfo | undefined,
): AppError {
  const headers =
    err.retryAfterS === undefined
      ? rateHeaders(bindingRate(err.rate, tokenRate))
      : { ...rateHeaders(err.rate), 'Retry-After': String(err.retryAfterS) };
  return new AppError(err.code, err.error, err.detail, {
    headers,
    ...(err.field ? { field: err.field } : {}),
  });
}

/** Rethrows `err`; a `StartRefusedError` as its answer with headers (`startRefusalAnswer`). */
export function withStartRateHeaders(tokenRate: RateInfo | undefined) {
  return (err: unknown): never => {
    throw err instanceof StartRefusedError ? startRefusalAnswer(err, tokenRate) : err;
  };
}

/**
 * The hosted answer to a refused crawl start. A refusal of the admission (month, hour,
 * storage, plan) is worded once, by app's `startRefusedError`, which bulk lists share, and
 * carries the rate headers of the window it was counted in (`startRefusalAnswer`). Refusals
 * before the admission carry the request's window (`crawlRateHeaders`).
 */
export function startRefusal(
  refused: CrawlStartRefusal,
  plan: Plan,
  token: RateInfo | undefined,
  now = Date.now(),
): AppError {
  if ('rate' in refused) return startRefusalAnswer(startRefusedError(refused, plan, now), token);
  return refusedBeforeAdmission(refused, 'Start the crawl without them, or upgrade to Pro.');
}
