/**
 * `@mapsmith/app`: the application layer both shells run. The hosted server binds it to HTTP
 * routes and leased workers, the desktop to IPC handlers and a crawler process; each keeps only
 * what differs (accounts and the export cache on the server; the local user, dialogs and the
 * keychain on the desktop).
 */
export * from './crawl/answers.js';
export * from './crawl/crawl-controls.js';
export * from './crawl/crawl-outcome.js';
export * from './crawl/crawl-task.js';
export * from './crawl/history-answers.js';
export type * from './crawl/ports.js';
export * from './crawl/present-crawl.js';
export * from './crawl/present-history.js';
export * from './crawl/run-crawler.js';
export * from './crawl/watch-request.js';
export * from './errors.js';
export { migrate, migrations } from './schema/index.js';
export * from './secrets/sealed-settings.js';
export * from './secrets/secret-box.js';
export * from './share/client-report.js';
export * from './share/report-brand.js';
export * from './share/report-brands.js';
export { clientReportHtml, invalidShareLinkHtml, plainReportPage } from './share/report-html.js';
export * from './share/share-links.js';
export { hashShareToken } from './share/share-token.js';
export * from './sql/claim-lost.js';
export * from './sql/crawl-control.js';
export * from './sql/crawl-jobs.js';
export * from './sql/crawl-store.js';
export * from './sql/job-queue.js';
export * from './sql/rows.js';
export * from './sql/stored-bytes.js';
export * from './sql/transactions.js';
export * from './sql/usage.js';
export { BATCH_SAVES } from './sql/write-batch.js';
