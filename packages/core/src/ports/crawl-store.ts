import type { CrawledPage, PageRecord } from '../crawler/types.js';

/**
 * How many linking pages a store keeps per URL (`PageRecord.linkedFrom`), the first ones met:
 * what the SEO examples and the URL detail show, the same in every store.
 */
export const LINKED_FROM_KEPT = 5;

/** A URL waiting in the frontier. */
export interface FrontierEntry {
  /** The URL to fetch. */
  url: string;
  /** Its normalized key (see `crawler/url-key.ts`); the frontier is deduplicated by it. */
  key: string;
  /** Link distance from the start URL. */
  depth: number;
  /** How it was found. */
  foundVia: PageRecord['foundVia'];
  /** The page that linked to it, if any. */
  referrer: string | null;
}

/** An inlink observed during the crawl. */
export interface InlinkObservation {
  /** Key of the linked URL. */
  key: string;
  /** URL of the linking page. */
  from: string;
}

/**
 * Where a crawl keeps its frontier and its results, as they come. The memory store is the
 * default; the server keeps them in SQLite so a crawl survives a restart. Page bodies are
 * never stored: only `PageRecord`s.
 */
export interface CrawlStore {
  /** Queues entries whose key was never seen; returns how many were new. Idempotent per key. */
  enqueue(entries: FrontierEntry[]): Promise<number>;
  /**
   * Leases up to `limit` queued entries, oldest first; they stay leased until saved. Fewer than
   * `limit` means no more were queued when the frontier was read (the crawl then skips takes
   * until it queues more), so a store must not stop short of `limit` for any other reason.
   */
  take(limit: number): Promise<FrontierEntry[]>;
  /** Puts leased-but-unsaved entries back in the queue (after a crash or cancel); returns how many. */
  requeueLeased(): Promise<number>;
  /** Counts of queued (not leased) entries and of distinct keys ever seen. */
  counts(): Promise<{ queued: number; seen: number; saved: number }>;
  /** Records inlinks (`LINKED_FROM_KEPT` `from`s are kept per key; every distinct `from` counts). */
  addInlinks(links: InlinkObservation[]): Promise<void>;
  /**
   * Saves what was learnt of a finished URL and ends its lease. Saving a key again replaces it.
   * The link graph is the store's (`addInlinks`): whatever the caller holds is not complete. A
   * key never queued (a URL outside the site, recorded without a fetch) is saved as a row too,
   * but is not counted as seen, is never charged, and can still be queued later.
   */
  savePage(key: string, page: CrawledPage): Promise<void>;
  /** Every saved record in save order: the only complete records, `inlinks`/`linkedFrom` merged in. */
  pages(): AsyncIterable<PageRecord>;
  /**
   * The listed records (`verdict.included`), complete as `pages` gives them, in the sitemap
   * order (`export/order.ts`): what every export reads, so every format lists alike.
   */
  listed(): AsyncIterable<PageRecord>;
}
