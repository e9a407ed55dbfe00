import type { RateInfo } from '@mapsmith/core';

/** The `X-RateLimit-*` headers of a rolling-window limit; Reset is in epoch seconds. */
export function rateHeaders(rate: RateInfo): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(rate.limit),
    'X-RateLimit-Remaining': String(rate.remaining),
    'X-RateLimit-Reset': String(Math.ceil(rate.resetMs / 1000)),
  };
}

/** `Retry-After` in whole seconds (at least 1) until the window frees a slot. */
export function retryAfter(rate: RateInfo, now: number): Record<string, string> {
  return { 'Retry-After': String(Math.max(1, Math.ceil((rate.resetMs - now) / 1000))) };
}
