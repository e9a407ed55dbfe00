/**
 * `@mapsmith/app`: the application layer both shells run. The hosted server binds it to HTTP
 * routes and leased workers, the desktop to IPC handlers and a crawler process; each keeps only
 * what differs (accounts and the export cache on the server; the local user, dialogs and the
 * keychain on the desktop).
 */
export * from './accounts/account-tokens.js';
export * from './accounts/api-tokens.js';
export * from './accounts/failures.js';
export * from './accounts/indexnow-log.js';
export * from './accounts/payments.js';
export type * from './accounts/ports.js';
export * from './accounts/sessions.js';
export * from './accounts/site-keys.js';
export * from './accounts/sql-account-repositories.js';
export * from './accounts/users.js';
export * from './audit/audit-answers.js';
export * from './audit/audit-jobs.js';
export * from './audit/audit-queue.js';
export * from './audit/audit-stop.js';
export type * from './audit/ports.js';
export * from './audit/run-audit-job.js';
export * from './bulk/bulk-lists.js';
export * from './bulk/bulk-summary.js';
export * from './bulk/bulk-zip.js';
export type * from './bulk/ports.js';
export * from './bulk/present-bulk.js';
export * from './bulk/sql-bulks.js';
export * from './bulk/zip-stream.js';
export * from './checker/checker-fetches.js';
export * from './checker/sitemap-file.js';
export * from './crawl/answers.js';
export * from './crawl/crawl-controls.js';
export * from './crawl/crawl-outcome.js';
export * from './crawl/crawl-task.js';
export * from './crawl/export-file.js';
export * from './crawl/history-answers.js';
export type * from './crawl/ports.js';
export * from './crawl/present-crawl.js';
export * from './crawl/present-history.js';
export * from './crawl/run-crawler.js';
export * from './crawl/start-crawl.js';
export * from './crawl/start-refusal.js';
export * from './crawl/watch-request.js';
export * from './errors.js';
export * from './health/queue-counts.js';
export * from './jobs/interrupted.js';
export * from './jobs/job-paused.js';
export type * from './jobs/leased-jobs.js';
export type * from './jobs/leased-table.js';
export * from './jobs/run-claimed.js';
export * from './jobs/sql-leased-jobs.js';
export * from './limits/concurrency-gate.js';
export * from './limits/rate-headers.js';
export * from './local-store/legacy-import.js';
export * from './local-store/local-schema.js';
export * from './local-store/local-settings.js';
export * from './plan/pro-now.js';
export * from './refusals.js';
export * from './report-recipients/sql-report-recipients.js';
export * from './repositories.js';
export type * from './schedules/ports.js';
export * from './schedules/publish-run.js';
export * from './schedules/schedule-runs.js';
export * from './schedules/schedule-sql.js';
export * from './schedules/schedule-step.js';
export * from './schedules/schedule-task.js';
export * from './schedules/schedule-use-cases.js';
export {
  everyShellMigrations,
  migrate,
  migrations,
  postgresMigrations,
  schemaSteps,
} from './schema/index.js';
export { type SchemaStep, toPostgres } from './schema/step.js';
export * from './secrets/sealed-settings.js';
export * from './secrets/secret-box.js';
export * from './share/client-report.js';
export * from './share/client-report-pdf.js';
export * from './share/report-brand.js';
export * from './share/report-brands.js';
export { clientReportHtml, invalidShareLinkHtml, plainReportPage } from './share/report-html.js';
export * from './share/share-links.js';
export { hashShareToken } from './share/share-token.js';
export * from './share/share-view.js';
export * from './sitemap-compare/compare-run.js';
export * from './sitemap-compare/compare-task.js';
export type * from './sitemap-compare/ports.js';
export * from './sitemap-compare/sitemap-compare-queue.js';
export * from './sitemap-compare/sitemap-compares.js';
export * from './sitemap-compare/sql-sitemap-compare.js';
export * from './sql/claim-lost.js';
export * from './sql/crawl-control.js';
export * from './sql/crawl-jobs.js';
export * from './sql/crawl-store.js';
export * from './sql/insert-rows.js';
export * from './sql/job-queue.js';
export * from './sql/rows.js';
export * from './sql/stored-bytes.js';
export * from './sql/transactions.js';
export * from './sql/unique-violation.js';
export * from './sql/usage.js';
export { BATCH_SAVES } from './sql/write-batch.js';
