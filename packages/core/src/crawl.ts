/**
 * The crawler and what one crawl needs to run (fetcher, URL policy, memory and spill stores), without the
 * rest of the core: `mapsmith crawl` starts by loading only this (about half the modules of
 * the whole core's entry point, and half its start-up time).
 */
export * from './crawler/create-crawler.js';
export { slowPagesNote } from './crawler/failure-text.js';
export { defaultParseWorkers } from './crawler/parse-pool.js';
export * from './net/http-fetcher.js';
export * from './net/url-policy.js';
export { type GrowthRaise, growthSentence } from './report/growth-outcome.js';
export * from './store/cli-store.js';
export * from './store/memory-store.js';
export * from './store/spill-store.js';
