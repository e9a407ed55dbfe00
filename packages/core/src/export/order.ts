/**
 * The order every sitemap format lists its URLs in (issue 25 point 10): the start page first,
 * then by depth, then by URL (compared code unit by code unit, as SQLite's BINARY and Postgres'
 * `COLLATE "C"` compare the stored, ASCII-normalised URLs). Crawl timing never enters it, so two
 * runs of the same site list the same URLs in the same order and published sitemaps diff cleanly.
 * The stores give their listed records in this order (`CrawlStore.listed`): the SQL stores by
 * `SITEMAP_ORDER_COLUMNS` over an index, the memory store by `compareSitemapOrder`.
 */
import type { PageRecord } from '../crawler/types.js';

/** The columns of the sitemap order over page rows (`seq`, unique, breaks no real tie). */
export const SITEMAP_ORDER_COLUMNS = ['depth', 'url', 'seq'] as const;

/** Compares two records in the sitemap order. */
export function compareSitemapOrder(
  a: Pick<PageRecord, 'depth' | 'url'>,
  b: Pick<PageRecord, 'depth' | 'url'>,
): number {
  if (a.depth !== b.depth) return a.depth - b.depth;
  return a.url < b.url ? -1 : a.url > b.url ? 1 : 0;
}
