import type { ErrorCode } from './error-codes.js';

/**
 * The HTTP status each error code answers with on the hosted server, said once so the published
 * API reference (`/api/openapi.json`) can list every operation's errors under the right status.
 * A new code must say its status here (the record is exhaustive, so typecheck asks for it).
 * One exception is transport-level: a body that is not JSON answers 415 `input.invalid`
 * (`BODY_TYPE_REFUSAL`), while `input.invalid` itself is otherwise a 400.
 */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  'input.invalid': 400,
  'input.json': 400,
  'input.too-large': 413,
  'not-found': 404,
  internal: 500,
  'auth.required': 401,
  'auth.csrf': 403,
  'report.filter-invalid': 400,
  'report.cursor-invalid': 400,
  'report.url-unknown': 404,
  'crawl.not-finished': 409,
  'export.nothing-to-list': 422,
  'auth.invalid-login': 401,
  'auth.wrong-password': 403,
  'auth.token-invalid': 401,
  'auth.session-required': 403,
  'auth.pro-required': 403,
  'account.taken': 409,
  'account.signup-throttled': 429,
  'account.link-invalid': 400,
  'account.already-confirmed': 409,
  'account.mail-throttled': 429,
  'account.mail-failed': 502,
  'limit.monthly': 403,
  'limit.hourly': 429,
  'limit.plan': 403,
  'limit.api-token': 429,
  'limit.notify': 429,
  'limit.sitemap-fetch': 429,
  'crawl.url-not-allowed': 400,
  'crawl.not-found': 404,
  'export.no-part': 404,
  'notify.no-urls': 400,
  'token.too-many': 409,
  'token.not-found': 404,
  'payment.not-configured': 503,
  'payment.create-failed': 502,
  'payment.unknown-order': 404,
  'payment.pending': 409,
  'payment.refunded': 402,
  'payment.rejected': 402,
  'payment.unverified': 402,
  'payment.declined': 402,
  'payment.not-approved': 409,
  'payment.failed': 502,
  'sitemap.url-not-allowed': 400,
  'sitemap.fetch-failed': 502,
  'sitemap.timeout': 504,
  'sitemap.http-status': 502,
  'sitemap.not-a-sitemap': 422,
  'sitemap.too-large': 413,
  'sitemap.bad-gzip': 422,
  'storage.full': 503,
  'auth.throttled': 429,
  'payment.order-limit': 429,
  'checker.busy': 429,
};

/** A state-changing call whose body is not `application/json` (the CSRF guard's second layer). */
export const BODY_TYPE_REFUSAL = { status: 415, code: 'input.invalid' } as const;
