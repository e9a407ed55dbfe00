/**
 * The Node entry point of the core: everything browser-safe plus the crawler runtime and its
 * ports. Adapters for Express, SQLite, Electron and puppeteer live in the outer packages.
 */
export * from './audit/check-url.js';
export * from './audit/csv.js';
export * from './audit/list-urls.js';
export * from './audit/memory-store.js';
export * from './audit/run-audit.js';
export * from './browser.js';
export * from './compare/csv.js';
export * from './compare/live-sitemaps.js';
export * from './compare/sitemap-vs-crawl.js';
export * from './crawler/create-crawler.js';
export * from './crawler/job-options.js';
export * from './crawler/options.js';
export { hideSiteAuth, type SiteAuth, siteAuthHeaders } from './crawler/site-auth.js';
export { urlKey } from './crawler/url-key.js';
export { isOutside, OUTSIDE_VERDICT } from './crawler/verdict.js';
export * from './export/node.js';
export * from './logging/repeated-failure.js';
export * from './net/follow-redirects.js';
export { GunzipError, gunzipIfGzip } from './net/gunzip-capped.js';
export * from './net/http-fetcher.js';
export * from './net/sitemap-download.js';
export * from './net/url-policy.js';
export * from './openapi/index.js';
export * from './ports/clock.js';
export * from './ports/crawl-store.js';
export * from './ports/fetcher.js';
export * from './ports/logger.js';
export * from './ports/renderer.js';
export * from './ports/sql-reader.js';
export * from './ports/url-policy.js';
export * from './report/index.js';
export * from './store/disk-full.js';
export * from './store/memory-store.js';
