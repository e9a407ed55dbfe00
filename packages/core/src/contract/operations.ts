import { z } from 'zod';
import * as a from './audit-schemas.js';
import * as br from './brand-schemas.js';
import * as b from './bulk-schemas.js';
import * as c from './change-schemas.js';
import * as ch from './chart-schemas.js';
import { crawlSettings } from './crawl-settings.js';
import { healthReport } from './health-schemas.js';
import * as hi from './history-schemas.js';
import { HTTP_ROUTES, type HttpRoute, type RoutedOperationName } from './http-routes.js';
import * as r from './report-schemas.js';
import * as sc from './schedule-schemas.js';
import * as s from './schemas.js';
import * as sh from './share-schemas.js';
import * as sm from './sitemap-compare-schemas.js';

/** A downloaded export: the bytes and the name the browser or save dialog should use. */
export interface ExportFile {
  /** File name from `Content-Disposition` (or `sitemap.{format}`). */
  fileName: string;
  /** Media type of the file. */
  contentType: string;
  /** The file's bytes (gzip-compressed when asked for). */
  bytes: Uint8Array;
  /**
   * When the file is a sitemap index (more than 50,000 URLs or 50 MB): how many part files it
   * lists, each downloaded with `part: 1..parts`. Absent for a file that is not an index.
   */
  parts?: number;
}

/** One operation of the contract: its hosted HTTP route (http-routes.ts) and its schemas. */
export interface Operation<I extends z.ZodType, O extends z.ZodType> extends HttpRoute {
  /** Input schema (path params, query and body together). */
  input: I;
  /** Output schema. */
  output: O;
}

function op<I extends z.ZodType, O extends z.ZodType>(
  name: RoutedOperationName,
  input: I,
  output: O,
): Operation<I, O> {
  return { ...HTTP_ROUTES[name], input, output };
}

const none = z.object({}).strict();
const message = z.object({ message: z.string() });
const jobRef = z.object({ jobId: z.string().min(1).max(64) });
/** A Pro API token as listed: never the token itself, which is shown once at creation. */
const apiToken = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

/**
 * Every operation the UI can call, named `resource.verb`. The paths are the public ones of
 * spec §7 and stay as the spec names them. The server mounts these routes and the desktop
 * registers IPC handlers under the same names; unknown names are refused by both.
 */
export const operations = {
  'config.get': op('config.get', none, s.appConfig),
  'user.get': op('user.get', none, s.user),
  'user.delete': op('user.delete', z.object({ password: z.string().min(1) }), message),
  'auth.login': op(
    'auth.login',
    z.object({ username: z.string().min(1), password: z.string().min(1) }),
    s.user,
  ),
  'auth.register': op(
    'auth.register',
    z.object({ username: z.string(), email: z.string(), password: z.string() }),
    z.object({ message: z.string(), user: s.user.optional() }),
  ),
  'auth.logout': op('auth.logout', none, message),
  // Signed in: the session's account. Signed out (right after sign-up): the address given.
  'auth.resendConfirmation': op(
    'auth.resendConfirmation',
    z.object({ email: z.string().optional() }),
    message,
  ),
  'auth.forgotPassword': op('auth.forgotPassword', z.object({ email: z.string() }), message),
  'auth.resetPassword': op(
    'auth.resetPassword',
    z.object({ token: z.string().min(1), password: z.string() }),
    message,
  ),
  // Issue 26: the reset page checks its link as it opens, without spending it.
  'auth.checkResetToken': op(
    'auth.checkResetToken',
    z.object({ token: z.string().min(1) }),
    z.object({ valid: z.boolean() }),
  ),
  'auth.confirmEmail': op('auth.confirmEmail', z.object({ token: z.string().min(1) }), message),
  'crawl.start': op(
    'crawl.start',
    // `settings` are Pro (issue 13): a free plan sending any is refused, not silently ignored.
    z.object({ url: s.siteUrl, settings: crawlSettings.optional() }),
    z.object({ jobId: z.string() }),
  ),
  'crawl.get': op('crawl.get', jobRef, s.crawlJob),
  // Issue 30: the owner stops, pauses or resumes a crawl; each answers the job as crawl.get.
  'crawl.stop': op('crawl.stop', jobRef, s.crawlJob),
  'crawl.pause': op('crawl.pause', jobRef, s.crawlJob),
  'crawl.resume': op('crawl.resume', jobRef, s.crawlJob),
  'crawl.urls': op('crawl.urls', r.reportUrlsInput, r.reportUrlsPage),
  'crawl.url': op('crawl.url', r.reportUrlInput, r.reportUrlDetail),
  'crawl.charts': op('crawl.charts', ch.crawlChartsInput, ch.crawlCharts),
  'crawl.report': op('crawl.report', r.reportDownloadInput, z.custom<ExportFile>()),
  'seo.get': op('seo.get', jobRef, s.seoAnalysis),
  'export.generate': op(
    'export.generate',
    jobRef.extend({
      format: s.exportFormat,
      compress: z.boolean().optional(),
      /** Part N of a sitemap split with an index; without it, the index (or the only file). */
      part: s.exportPart.optional(),
    }),
    z.custom<ExportFile>(),
  ),
  'ping.submit': op(
    'ping.submit',
    z.object({ sitemapUrl: s.siteUrl, jobId: z.string().optional() }),
    s.pingResult,
  ),
  'ping.key': op('ping.key', z.object({ sitemapUrl: s.siteUrl }), s.pingKey),
  'ping.last': op('ping.last', z.object({ jobId: z.string() }), s.pingResult.nullable()),
  'sitemap.fetch': op(
    'sitemap.fetch',
    z.object({ url: s.siteUrl }),
    z.object({ content: z.string() }),
  ),
  'history.list': op('history.list', none, z.array(s.historyItem)),
  'analytics.get': op('analytics.get', none, s.analytics),
  'paypal.createOrder': op('paypal.createOrder', none, z.object({ orderID: z.string() })),
  'paypal.captureOrder': op(
    'paypal.captureOrder',
    z.object({ orderID: z.string().min(1) }),
    z.object({ success: z.boolean(), proUntil: z.string().optional() }),
  ),
  'tokens.list': op('tokens.list', none, z.array(apiToken)),
  'tokens.create': op(
    'tokens.create',
    z.object({ name: z.string().trim().min(1).max(64) }),
    apiToken.pick({ id: true, name: true, createdAt: true }).extend({ token: z.string() }),
  ),
  'tokens.delete': op(
    'tokens.delete',
    z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
    message,
  ),
  // Bulk crawls (issue 13, Pro, hosted only): one list of sites, one crawl each, one zip.
  'bulk.start': op('bulk.start', b.bulkStartInput, b.bulkStartOutput),
  'bulk.list': op('bulk.list', none, z.array(b.bulkListItem)),
  'bulk.get': op('bulk.get', b.bulkRef, b.bulkCrawl),
  'bulk.download': op('bulk.download', b.bulkRef, z.custom<ExportFile>()),
  'bulk.stop': op('bulk.stop', b.bulkRef, b.bulkCrawl),
  // The published API reference (issue 14): `/api/openapi.json`, generated from this contract.
  'openapi.get': op('openapi.get', none, s.openApiDocument),

  // Scheduled crawls and the change report (issue 13).
  'crawl.changes': op('crawl.changes', hi.crawlChangesInput, c.crawlChanges),
  'schedules.list': op('schedules.list', none, z.array(sc.schedule)),
  'schedules.create': op('schedules.create', sc.scheduleCreateInput, sc.schedule),
  'schedules.update': op('schedules.update', sc.scheduleUpdateInput, sc.schedule),
  'schedules.pause': op('schedules.pause', sc.schedulePauseInput, sc.schedule),
  'schedules.delete': op('schedules.delete', sc.scheduleRefInput, message),
  'schedules.rotateToken': op('schedules.rotateToken', sc.scheduleRefInput, sc.schedule),

  // Sitemap audit (issue 14, Pro): the live status of every listed URL, as a job.
  'audit.start': op('audit.start', a.auditStartInput, z.object({ jobId: z.string() })),
  'audit.get': op('audit.get', jobRef, a.auditJob),
  'audit.urls': op('audit.urls', a.auditUrlsInput, a.auditUrlsPage),
  'audit.report': op('audit.report', a.auditReportInput, z.custom<ExportFile>()),
  'audit.stop': op('audit.stop', jobRef, a.auditJob),
  // The live sitemap against a crawl (issue 14, Pro).
  'crawl.sitemapCompare': op('crawl.sitemapCompare', jobRef, sm.sitemapCompareRun),
  'crawl.sitemapFindings': op(
    'crawl.sitemapFindings',
    sm.sitemapCompareInput,
    sm.sitemapComparePage,
  ),
  'crawl.sitemapReport': op(
    'crawl.sitemapReport',
    sm.sitemapCompareReportInput,
    z.custom<ExportFile>(),
  ),

  // Health of the node that answers (issue 16).
  'health.get': op('health.get', none, healthReport),

  // Crawl history (issue 26): every crawl, paged, and one deleted with its files.
  'crawls.list': op('crawls.list', hi.crawlsListInput, hi.crawlsListPage),
  'crawl.delete': op('crawl.delete', jobRef, message),

  // A client-ready report (issue 29 point 3): share links of a crawl, and its PDF.
  'share.create': op('share.create', sh.shareCreateInput, sh.createdShareLink),
  'share.list': op('share.list', jobRef, z.array(sh.shareLinkInfo)),
  'share.revoke': op('share.revoke', sh.shareRevokeInput, sh.shareLinkInfo),
  'crawl.pdf': op('crawl.pdf', jobRef, z.custom<ExportFile>()),
  'brand.get': op('brand.get', none, br.reportBrandInfo),
  'brand.update': op('brand.update', br.brandUpdateInput, br.reportBrandInfo),
  'brand.logo': op('brand.logo', none, z.custom<ExportFile>()),
} as const satisfies Record<RoutedOperationName, Operation<z.ZodType, z.ZodType>>;

/** The contract's operation names. */
export type OperationName = keyof typeof operations;

/** The input type of an operation. */
export type InputOf<N extends OperationName> = z.input<(typeof operations)[N]['input']>;

/** The output type of an operation. */
export type OutputOf<N extends OperationName> = z.output<(typeof operations)[N]['output']>;

/** Whether `name` is one of the contract's operations (IPC and HTTP refuse other names). */
export function isOperationName(name: unknown): name is OperationName {
  return typeof name === 'string' && Object.hasOwn(operations, name);
}

/** Events the UI can subscribe to (desktop streams crawl progress; hosted polls instead). */
export const eventNames = ['crawl.progress'] as const;

/** An event name of the contract. */
export type EventName = (typeof eventNames)[number];
