import type { CrawledPage, CrawlSummary } from './types.js';

/** A progress snapshot; emitted at most a few times a second and after every page. */
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
  /** The URL most recently started. */
  currentUrl: string | null;
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
