/**
 * Which store a crawl outside the application layer (the CLI, `bench:crawl`) keeps its records
 * in, decided once by its page cap: up to `SPILL_ABOVE_PAGES` the memory store, the cheapest per
 * page (about 0.6 ms of CPU against the spill store's 0.75 at 5,000 pages, `docs/benchmarks.md`)
 * and well under 300 MB at that size; past it the spill store, whose memory stays flat to a
 * million pages (issue 28 point 4). Both give the same answers, byte for byte
 * (`spill-parity.test.ts`).
 */
import v8 from 'node:v8';
import { DEFAULT_CRAWL_OPTIONS } from '../crawler/options.js';
import type { CrawlStore } from '../ports/crawl-store.js';
import { createMemoryStore } from './memory-store.js';
import { createSpillStore, type SpillStore } from './spill-store.js';

/** A page cap above this crawls into the spill store. */
export const SPILL_ABOVE_PAGES = 20_000;

/** How far V8's old generation grows past what a full collection kept, for a spill-store crawl. */
const SPILL_HEAP_GROWING_PERCENT = 20;

/**
 * A crawl large enough for the spill store holds a flat ~36 MB live heap for hours, and V8's own
 * growth factor (up to 4 x, by GC speed) let dead objects pile up beside it: 35-60 MB at 100,000
 * pages, more in the exports (docs/benchmarks.md). Growing 20 % between full collections keeps
 * them to a fifth of the live heap and caps nothing. Only here: a small crawl (memory store)
 * pays it in CPU (about 20 % at 2,000 pages) and gains nothing. A flag given on the command line
 * (`bench:crawl`'s `BENCH_NODE_FLAGS`) wins.
 */
function collectOftenForSpill(): void {
  if (process.execArgv.some((flag) => flag.startsWith('--heap-growing-percent'))) return;
  v8.setFlagsFromString(`--heap-growing-percent=${SPILL_HEAP_GROWING_PERCENT}`);
}

/**
 * The store a crawl capped at `maxPages` (the crawler's default when absent) uses; `close`
 * releases its file, if it has one. Choosing the spill store also sets the process's heap
 * growth for it (`collectOftenForSpill`).
 */
export function storeForCap(maxPages = DEFAULT_CRAWL_OPTIONS.maxPages): SpillStore {
  if (maxPages > SPILL_ABOVE_PAGES) {
    collectOftenForSpill();
    return createSpillStore();
  }
  const store: CrawlStore = createMemoryStore();
  return Object.assign(store, { close() {} });
}
