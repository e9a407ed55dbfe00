/**
 * The browser-safe entry point of the core: no Node modules, so the web bundle and the
 * desktop renderer can import it. Node-only parts (fetcher, crawler runtime) are in `index.ts`.
 */
// First: before any schema is built, so none probes for `new Function` (the pages' CSP).
import './contract/parse-without-eval.js';

export * from './audit/verdicts.js';
export * from './checker/index.js';
export * from './contract/api-client.js';
export * from './contract/audit-schemas.js';
export * from './contract/brand-schemas.js';
export * from './contract/bulk-limits.js';
export * from './contract/bulk-list.js';
export * from './contract/bulk-schemas.js';
export * from './contract/change-schemas.js';
export * from './contract/chart-buckets.js';
export * from './contract/chart-schemas.js';
export * from './contract/crawl-settings.js';
export * from './contract/crawl-settings-text.js';
export * from './contract/email.js';
export * from './contract/error-codes.js';
export * from './contract/error-status.js';
export * from './contract/formats.js';
export * from './contract/health-schemas.js';
export * from './contract/history-schemas.js';
export * from './contract/http-auth.js';
export * from './contract/http-binding.js';
export * from './contract/http-routes.js';
export * from './contract/input-refusal.js';
export * from './contract/listable-types.js';
export * from './contract/operation-docs.js';
export * from './contract/operations.js';
export * from './contract/page-meta.js';
export * from './contract/report-recipients.js';
export * from './contract/report-schemas.js';
export * from './contract/routes.js';
export * from './contract/schedule-schemas.js';
export type {
  Analytics,
  AppConfig,
  CrawlJob,
  CrawlStatus,
  HistoryItem,
  PingKey,
  PingResult,
  ResultItem,
  SeoAnalysis,
  User,
  ValidationResult,
} from './contract/schemas.js';
export * as schemas from './contract/schemas.js';
export { MAX_POLL_RESULTS } from './contract/schemas.js';
export * from './contract/share-schemas.js';
export * from './contract/site-address.js';
export * from './contract/site-scheme.js';
export * from './contract/sitemap-compare-schemas.js';
export * from './contract/username.js';
export type * from './crawler/events.js';
export {
  crawlFailureCode,
  failureTips,
  seconds,
  slowPagesNote,
} from './crawler/failure-text.js';
export { MAX_SITE_AUTH_HEADERS } from './crawler/site-auth.js';
export type * from './crawler/types.js';
export * from './export/index.js';
export * from './limits/analytics.js';
export * from './limits/crawl-start.js';
export * from './limits/page-count.js';
export * from './limits/retry-text.js';
export * from './limits/storage-budget.js';
export * from './net/plain-reason.js';
export * from './net/sitemap-sniff.js';
export type * from './openapi/types.js';
export * from './plans.js';
export * from './plans-features.js';
export * from './report/chart-bars.js';
export * from './schedule/next-run.js';
export * from './seo/index.js';
export * from './text/counts.js';
export * from './version.js';
