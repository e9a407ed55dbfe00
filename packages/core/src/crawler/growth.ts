/**
 * What one crawl has stored so far, against its growth bounds (`maxFrontierUrls`,
 * `maxStoredBytes`): frontier rows, and bytes as the crawler measures them (a page record's JSON,
 * a frontier row's URLs, a link row's URLs, plus a row's fixed overhead). The measure is the
 * crawler's, not the database file's, so it is the same on every store; it tracks the file
 * closely enough to bound it (the SQL store keeps the record JSON and the URLs as written).
 */
import type { FrontierEntry, InlinkObservation } from '../ports/crawl-store.js';
import type { CrawlOptions } from './options.js';
import type { CrawledPage } from './types.js';

/** Fixed bytes a stored row costs beyond its text (ids, counters, index entries). */
const ROW_OVERHEAD = 48;

/** The growth of one crawl. */
export class GrowthMeter {
  /** Frontier rows: every URL queued, leased or crawled. */
  frontier = 0;
  /** Bytes stored. */
  bytes = 0;
  /** True once a link was left out because the frontier was full. */
  frontierFull = false;

  /** Uses the crawl's growth bounds. */
  constructor(private readonly options: Pick<CrawlOptions, 'maxFrontierUrls' | 'maxStoredBytes'>) {}

  /**
   * Reserves room for up to `wanted` new URLs and says how many the frontier takes; fewer marks
   * it full. The reservation counts at once: pages in flight enqueue at the same time.
   */
  reserve(wanted: number): number {
    const room = Math.max(0, Math.min(wanted, this.options.maxFrontierUrls - this.frontier));
    if (room < wanted) this.frontierFull = true;
    this.frontier += room;
    return room;
  }

  /** Counts reserved entries once stored, `added` of them new rows (the store skips known keys). */
  queued(entries: FrontierEntry[], added: number): void {
    this.frontier += added - entries.length;
    for (const e of entries)
      this.bytes += ROW_OVERHEAD + e.key.length + e.url.length + (e.referrer?.length ?? 0);
  }

  /** Counts link rows. */
  linked(links: InlinkObservation[]): void {
    for (const link of links) this.bytes += ROW_OVERHEAD + link.key.length + link.from.length;
  }

  /** Counts a stored page record. */
  saved(record: CrawledPage): void {
    this.bytes += ROW_OVERHEAD + JSON.stringify(record).length;
  }

  /** Whether the crawl has stored as many bytes as it may. */
  get overBytes(): boolean {
    return this.bytes >= this.options.maxStoredBytes;
  }
}
