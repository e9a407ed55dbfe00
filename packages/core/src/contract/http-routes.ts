/**
 * How each operation of the contract is reached over HTTP: method, public path (spec §7) and
 * whether it needs a signed-in user. Kept free of zod so the web app's HTTP client, which needs
 * only these, does not ship the schema library; `operations.ts` adds the schemas.
 */

/** The HTTP side of one operation. */
export interface HttpRoute {
  /** HTTP method of the hosted route. */
  method: 'GET' | 'POST' | 'DELETE';
  /** Hosted path; `:name` segments are filled from the input's fields of that name. */
  path: string;
  /** Whether the hosted route needs a signed-in user. */
  auth: boolean;
  /**
   * The most bytes of request body the route reads (default `DEFAULT_MAX_BODY`). A body is read
   * only after the caller is admitted, uncompressed (a `Content-Encoding` answers 415
   * `input.encoding`), counted while it streams in (413 `input.too-large` past the bound). A
   * body over `LARGE_BODY` waits for nothing: the server takes a few at once (429 `input.busy`).
   */
  maxBody?: number;
}

/** The body bound of every route that does not name its own: JSON inputs are small. */
export const DEFAULT_MAX_BODY = 1024 * 1024;

/** A body over this many bytes is large: the server reads a bounded number of them at once. */
export const LARGE_BODY = DEFAULT_MAX_BODY;

/** The most bytes of body the route reads (`HttpRoute.maxBody`). */
export function maxBodyOf(route: HttpRoute): number {
  return route.maxBody ?? DEFAULT_MAX_BODY;
}

/** Every operation's route, by operation name. */
export const HTTP_ROUTES = {
  'config.get': { method: 'GET', path: '/api/config', auth: false },
  'user.get': { method: 'GET', path: '/api/user', auth: true },
  'user.delete': { method: 'DELETE', path: '/api/user', auth: true },
  'auth.login': { method: 'POST', path: '/api/login', auth: false },
  'auth.register': { method: 'POST', path: '/api/register', auth: false },
  'auth.logout': { method: 'POST', path: '/api/logout', auth: false },
  'auth.resendConfirmation': { method: 'POST', path: '/api/resend-confirmation', auth: false },
  'auth.forgotPassword': { method: 'POST', path: '/api/forgot-password', auth: false },
  'auth.resetPassword': { method: 'POST', path: '/api/reset-password', auth: false },
  'auth.checkResetToken': { method: 'POST', path: '/api/check-reset-token', auth: false },
  'auth.confirmEmail': { method: 'POST', path: '/api/confirm-email', auth: false },
  'crawl.start': { method: 'POST', path: '/api/crawl', auth: true },
  'crawl.get': { method: 'GET', path: '/api/crawl/:jobId', auth: true },
  // Issue 30: every crawl can be stopped, paused and resumed by its owner.
  'crawl.stop': { method: 'POST', path: '/api/crawl/:jobId/stop', auth: true },
  'crawl.pause': { method: 'POST', path: '/api/crawl/:jobId/pause', auth: true },
  'crawl.resume': { method: 'POST', path: '/api/crawl/:jobId/resume', auth: true },
  'crawl.urls': { method: 'GET', path: '/api/crawl/:jobId/urls', auth: true },
  'crawl.url': { method: 'GET', path: '/api/crawl/:jobId/url', auth: true },
  // Issue 29: the figures of the report's charts, one bounded answer.
  'crawl.charts': { method: 'GET', path: '/api/crawl/:jobId/charts', auth: true },
  'crawl.report': { method: 'GET', path: '/api/crawl/:jobId/report', auth: true },
  'seo.get': { method: 'GET', path: '/api/seo-analysis/:jobId', auth: true },
  'export.generate': { method: 'GET', path: '/api/generate/:jobId/:format', auth: true },
  'ping.submit': { method: 'POST', path: '/api/ping-search-engines', auth: true },
  'ping.key': { method: 'GET', path: '/api/ping-key', auth: true },
  'ping.last': { method: 'GET', path: '/api/ping-last', auth: true },
  'sitemap.fetch': { method: 'GET', path: '/api/fetch-sitemap', auth: false },
  'history.list': { method: 'GET', path: '/api/history', auth: true },
  'analytics.get': { method: 'GET', path: '/api/analytics', auth: true },
  'paypal.createOrder': { method: 'POST', path: '/api/paypal/create-order', auth: true },
  'paypal.captureOrder': { method: 'POST', path: '/api/paypal/capture-order', auth: true },
  'tokens.list': { method: 'GET', path: '/api/tokens', auth: true },
  'tokens.create': { method: 'POST', path: '/api/tokens', auth: true },
  'tokens.delete': { method: 'DELETE', path: '/api/tokens/:id', auth: true },
  // Bulk crawls (issue 13, Pro, hosted only)
  'bulk.start': { method: 'POST', path: '/api/bulk', auth: true },
  'bulk.list': { method: 'GET', path: '/api/bulk', auth: true },
  'bulk.get': { method: 'GET', path: '/api/bulk/:bulkId', auth: true },
  'bulk.download': { method: 'GET', path: '/api/bulk/:bulkId/download', auth: true },
  'bulk.stop': { method: 'POST', path: '/api/bulk/:bulkId/stop', auth: true },
  // The published API reference (issue 14): the OpenAPI document generated from this contract.
  'openapi.get': { method: 'GET', path: '/api/openapi.json', auth: false },

  // Scheduled crawls and the change report (issue 13); schedules are hosted only.
  'crawl.changes': { method: 'GET', path: '/api/crawl/:jobId/changes', auth: true },
  'schedules.list': { method: 'GET', path: '/api/schedules', auth: true },
  'schedules.create': { method: 'POST', path: '/api/schedules', auth: true },
  'schedules.update': { method: 'POST', path: '/api/schedules/:id', auth: true },
  'schedules.pause': { method: 'POST', path: '/api/schedules/:id/pause', auth: true },
  'schedules.delete': { method: 'DELETE', path: '/api/schedules/:id', auth: true },
  'schedules.rotateToken': { method: 'POST', path: '/api/schedules/:id/rotate-token', auth: true },

  // Sitemap audit (issue 14, Pro): the live status of every listed URL, as a job.
  // An uploaded sitemap may be 50 MB of text, escaped into a JSON string.
  'audit.start': { method: 'POST', path: '/api/audit', auth: true, maxBody: 60 * 1024 * 1024 },
  'audit.get': { method: 'GET', path: '/api/audit/:jobId', auth: true },
  'audit.urls': { method: 'GET', path: '/api/audit/:jobId/urls', auth: true },
  'audit.report': { method: 'GET', path: '/api/audit/:jobId/report', auth: true },
  'audit.stop': { method: 'POST', path: '/api/audit/:jobId/stop', auth: true },
  // The live sitemap against a crawl (issue 14, Pro).
  'crawl.sitemapCompare': { method: 'POST', path: '/api/crawl/:jobId/sitemap-compare', auth: true },
  'crawl.sitemapFindings': { method: 'GET', path: '/api/crawl/:jobId/sitemap-compare', auth: true },
  'crawl.sitemapReport': {
    method: 'GET',
    path: '/api/crawl/:jobId/sitemap-compare/report',
    auth: true,
  },

  // Health of the node that answers: database, queue and live workers (issue 16).
  'health.get': { method: 'GET', path: '/api/health', auth: false },

  // Crawl history (issue 26): every crawl of the user, paged; one deleted with its files.
  'crawls.list': { method: 'GET', path: '/api/crawls', auth: true },
  'crawl.delete': { method: 'DELETE', path: '/api/crawl/:jobId', auth: true },

  // A client-ready report (issue 29 point 3): share links of a crawl, and its PDF.
  'share.create': { method: 'POST', path: '/api/crawl/:jobId/shares', auth: true },
  'share.list': { method: 'GET', path: '/api/crawl/:jobId/shares', auth: true },
  'share.revoke': { method: 'DELETE', path: '/api/shares/:id', auth: true },
  'crawl.pdf': { method: 'GET', path: '/api/crawl/:jobId/pdf', auth: true },
  // The brand of the reports (Pro): the logo travels as base64 in the JSON body.
  'brand.get': { method: 'GET', path: '/api/report-brand', auth: true },
  'brand.update': { method: 'POST', path: '/api/report-brand', auth: true },
  'brand.logo': { method: 'GET', path: '/api/report-brand/logo', auth: true },
} as const satisfies Record<string, HttpRoute>;

/** An operation name, as the route table knows it. */
export type RoutedOperationName = keyof typeof HTTP_ROUTES;

// ── Who may call, beyond `auth` (issue 17: the server binds its routes from this table) ──

/**
 * Who may call a route: anyone (`public`), a signed-in user by session or API token (`user`),
 * a user with an active Pro plan (`pro`), or a Pro user's own browser session, API tokens
 * refused (`pro-session`: a token cannot manage tokens).
 */
export type HttpAccess = 'public' | 'user' | 'pro' | 'pro-session';

/**
 * The routes that ask more than a signed-in user; every other route is `user` when its `auth`
 * is true and `public` otherwise. The server refuses the rest before parsing the input.
 */
export const HTTP_PRO_ACCESS = {
  'bulk.start': 'pro',
  'bulk.list': 'pro',
  'bulk.get': 'pro',
  'bulk.download': 'pro',
  'schedules.list': 'pro',
  'schedules.create': 'pro',
  'schedules.update': 'pro',
  'schedules.pause': 'pro',
  'schedules.delete': 'pro',
  'schedules.rotateToken': 'pro',
  // Audits are started on Pro; a lapsed Pro user still reads the audits made while it lasted.
  'audit.start': 'pro',
  'crawl.sitemapCompare': 'pro',
  'brand.update': 'pro',
  'tokens.list': 'pro-session',
  'tokens.create': 'pro-session',
  'tokens.delete': 'pro-session',
} as const satisfies Partial<Record<RoutedOperationName, Exclude<HttpAccess, 'public' | 'user'>>>;

/** Who may call the operation's route (`HTTP_PRO_ACCESS`, else from `auth`). */
export function httpAccess(name: RoutedOperationName): HttpAccess {
  const pro: Partial<Record<RoutedOperationName, HttpAccess>> = HTTP_PRO_ACCESS;
  return pro[name] ?? (HTTP_ROUTES[name].auth ? 'user' : 'public');
}
