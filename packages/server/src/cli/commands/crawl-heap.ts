import v8 from 'node:v8';

/** How far V8's old generation grows past what a full collection kept, for a spill-store crawl. */
export const SPILL_HEAP_GROWING_PERCENT = 20;

/**
 * Sets this process's heap growth for a crawl into the spill store (core's `usesSpillStore`): the
 * CLI's choice for its own process, not the library's. Such a crawl holds a flat ~36 MB live
 * heap for hours, and V8's own growth factor (up to 4 x, by GC speed) let dead objects pile up
 * beside it: 35-60 MB at 100,000 pages, more in the exports (docs/benchmarks.md). Growing 20 %
 * between full collections keeps them to a fifth of the live heap and caps nothing. A small
 * crawl (memory store) would pay it in CPU (about 20 % at 2,000 pages) and gain nothing, so it
 * is not set for one. A flag given on the command line (`bench:crawl`'s `BENCH_NODE_FLAGS`) wins.
 */
export function collectOftenForSpill(): void {
  if (process.execArgv.some((flag) => flag.startsWith('--heap-growing-percent'))) return;
  v8.setFlagsFromString(`--heap-growing-percent=${SPILL_HEAP_GROWING_PERCENT}`);
}
