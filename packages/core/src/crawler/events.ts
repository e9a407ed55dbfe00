import type { CrawledPage, CrawlSummary } from './types.js';

/** At most this many in-flight URLs are named in a progress snapshot. */
export const MAX_IN_FLIGHT_SHOWN = 5;

/** One URL being fetched, and for how long. */
export interface InFlightUrl {
  url: string;
  /** Time since its fetch started, ms. */
  elapsedMs: number;
}

/**
 * A progress snapshot; emitted at most a few times a second, after every page, and at least
 * once a second while pages are in flight (so a wait for slow pages shows as it happens).
 */
export interface CrawlProgress {
  type: 'progress';
  /** Distinct URLs met so far (queued, in flight or recorded). */
  pagesFound: number;
  /** Pages recorded so far. */
  pagesCrawled: number;
  /** URLs waiting in the frontier. */
  queued: number;
  /** Pages recorded with an error. */
  errors: number;
  /** The URL most recently started that is still in flight; null when none is. */
  currentUrl: string | null;
  /** The URLs being fetched now, longest-running first (at most `MAX_IN_FLIGHT_SHOWN`). */
  inFlight: InFlightUrl[];
  /** Fetches in flight for longer than `SLOW_RESPONSE_MS`: the crawl waits for slow pages. */
  slowInFlight: number;
  /** The crawl's limit of one try (`pageTimeoutMs`), for "waiting for slow pages" words. */
  pageTimeoutMs: number;
  /** Time since the crawl started. */
  elapsedMs: number;
}

/**
 * The events a crawl streams: progress, each recorded page (without its inlinks: the link
 * graph is complete only in `CrawlStore.pages()`), and finally the summary.
 */
export type CrawlEvent =
  | CrawlProgress
  | { type: 'page'; page: CrawledPage }
  | { type: 'done'; summary: CrawlSummary };
