import type { RateInfo } from '@mapsmith/core';
import type { Response } from 'express';

/** The `X-RateLimit-*` headers of a rolling-window limit; Reset is in epoch seconds. */
export function rateHeaders(rate: RateInfo): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(rate.limit),
    'X-RateLimit-Remaining': String(rate.remaining),
    'X-RateLimit-Reset': String(Math.ceil(rate.resetMs / 1000)),
  };
}

/**
 * The limit that binds when two windows apply to one answer (a crawl start made with an API
 * token counts against the token's hourly window and the plan's crawl-start window): the one
 * with fewer requests left, or on a tie the one that frees up later. The headers describe it,
 * so a client that paces itself by them never hits the other.
 */
export function bindingRate(a: RateInfo, b: RateInfo | undefined): RateInfo {
  if (!b) return a;
  if (b.remaining !== a.remaining) return b.remaining < a.remaining ? b : a;
  return b.resetMs > a.resetMs ? b : a;
}

/** `Retry-After` in whole seconds (at least 1) until the window frees a slot. */
export function retryAfter(rate: RateInfo, now: number): Record<string, string> {
  return { 'Retry-After': String(Math.max(1, Math.ceil((rate.resetMs - now) / 1000))) };
}

/** Sets the rate headers on a successful answer. */
export function setRateHeaders(res: Response, rate: RateInfo): void {
  res.set(rateHeaders(rate));
}
