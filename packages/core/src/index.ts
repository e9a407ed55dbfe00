/**
 * The Node entry point of the core: everything browser-safe plus the crawler runtime and its
 * ports. Adapters for Express, SQLite, Electron and puppeteer live in the outer packages.
 */
export * from './browser.js';
export * from './crawler/options.js';
export * from './export/node.js';
export * from './ports/clock.js';
export * from './ports/crawl-store.js';
export * from './ports/fetcher.js';
export * from './ports/logger.js';
export * from './ports/renderer.js';
export * from './ports/url-policy.js';
