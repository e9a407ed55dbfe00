import type { RateInfo } from '@mapsmith/core';

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
