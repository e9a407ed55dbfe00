/**
 * The stable error codes of the contract. Every error body (HTTP and IPC) carries one as
 * `code`; each transport maps it to a status once, and the UI switches on codes, never on the
 * English `error` title or `message` (house style §13). Codes are `area.reason`, lower case,
 * and never change meaning once shipped: add a new code rather than reuse one.
 */
export const ERROR_CODES = [
  // General
  'input.invalid',
  'input.json',
  'input.too-large',
  'input.encoding',
  'input.busy',
  'not-found',
  'internal',
  'auth.required',
  'auth.csrf',

  // Crawl report (crawl pages, URL table, report export)
  'report.filter-invalid',
  'report.cursor-invalid',
  'report.url-unknown',
  'crawl.not-finished',
  'export.nothing-to-list',

  // Honest copy, accounts, limits and notify
  'auth.invalid-login',
  'auth.wrong-password',
  'auth.token-invalid',
  'auth.session-required',
  'auth.pro-required',
  'account.taken',
  'account.signup-throttled',
  'account.link-invalid',
  'account.already-confirmed',
  'account.mail-throttled',
  'account.mail-failed',
  'limit.monthly',
  'limit.hourly',
  'limit.plan',
  'limit.storage',
  'limit.api-token',
  'limit.notify',
  'limit.sitemap-fetch',
  'crawl.url-not-allowed',
  'crawl.not-found',
  'export.no-part',
  'notify.no-urls',
  'token.too-many',
  'token.not-found',
  'payment.not-configured',
  'payment.create-failed',
  'payment.unknown-order',
  'payment.pending',
  'payment.refunded',
  'payment.rejected',
  'payment.unverified',
  'payment.declined',
  'payment.not-approved',
  'payment.failed',
  'sitemap.url-not-allowed',
  'sitemap.fetch-failed',
  'sitemap.timeout',
  'sitemap.http-status',
  'sitemap.not-a-sitemap',
  'sitemap.too-large',
  'sitemap.bad-gzip',

  // Hostile load, throttles and storage faults
  'storage.full',
  'auth.throttled',
  'payment.order-limit',
  'checker.busy',

  // Crawler and checker

  // Bulk crawls (issue 13); crawl settings, bulk and audits refused to a free plan answer
  // auth.pro-required since issue 27 (crawl.settings-pro, bulk.pro-required and
  // audit.pro-required are retired: no answer carries them)
  'bulk.not-found',
  'bulk.too-many',
  'bulk.empty',
  // Scheduled crawls (issue 13)
  'schedule.not-found',
  'schedule.too-many',
  // Sitemap audit (issue 14)
  'audit.not-found',
  // The live-sitemap comparison as a job, one at a time per user (issue 30, point 8)
  'sitemap-compare.busy',
  // Stop, pause and resume (issue 30)
  'crawl.ended',
  'crawl.not-paused',
  'bulk.ended',
  'audit.ended',
  // Crawl history (issue 26)
  'history.page-past-end',
  'crawl.running',
  'crawl.published',
  'crawl.other-site',
  // A staging site's start page refused the crawl's credentials, or asks for some (issue 29)
  'crawl.credentials-refused',
  'crawl.credentials-required',
  // Share links of a crawl's report (issue 29 point 3)
  'share.not-found',
  'share.too-many',
  'report.pdf-timeout',
  // The desktop found no Chrome, Chromium or Edge to print a report's PDF with
  'report.no-browser',
  // Staging-site credentials (issue 29): the desktop has no keychain to keep them in
  'crawl.credentials-unsafe',
  // The desktop's link to a hosted Pro account (issue 27: codes for its refusals)
  'account.token-unsafe',
  'account.link-refused',
  'account.link-failed',
  // An operation the desktop app leaves to the hosted site
  'desktop.hosted-only',
  // A schedule's action that needs a public server (publish, IndexNow, client mail): not on a desktop
  'schedule.not-on-desktop',
] as const;

/** One stable error code of the contract. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** True when `value` is a code of the contract (for bodies read from the wire). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
