/**
 * Which store a crawl outside the application layer (the CLI, `bench:crawl`) keeps its records
 * in, decided once by its page cap: up to `SPILL_ABOVE_PAGES` the memory store, the cheapest per
 * page (about 0.6 ms of CPU against the spill store's 0.75 at 5,000 pages, `docs/benchmarks.md`)
 * and well under 300 MB at that size; past it the spill store, whose memory stays flat to a
 * million pages (issue 28 point 4). Both give the same answers, byte for byte
 * (`spill-parity.test.ts`).
 */
import { DEFAULT_CRAWL_OPTIONS } from '../crawler/options.js';
import type { CrawlStore } from '../ports/crawl-store.js';
import { createMemoryStore } from './memory-store.js';
import { createSpillStore, type SpillStore } from './spill-store.js';

/** A page cap above this crawls into the spill store. */
export const SPILL_ABOVE_PAGES = 20_000;

/**
 * Whether a crawl capped at `maxPages` (the crawler's default when absent) keeps its records in
 * the spill store: what `storeForCap` picks, for a caller that tunes its own process for it
 * (the CLI's heap growth).
 */
export function usesSpillStore(maxPages = DEFAULT_CRAWL_OPTIONS.maxPages): boolean {
  return maxPages > SPILL_ABOVE_PAGES;
}

/**
 * The store a crawl capped at `maxPages` (the crawler's default when absent) uses; `close`
 * releases its file, if it has one. It sets nothing in the process: a library choosing a store
 * leaves V8's flags to the program that runs it.
 */
export function storeForCap(maxPages = DEFAULT_CRAWL_OPTIONS.maxPages): SpillStore {
  if (usesSpillStore(maxPages)) return createSpillStore();
  const store: CrawlStore = createMemoryStore();
  return Object.assign(store, { close() {} });
}
