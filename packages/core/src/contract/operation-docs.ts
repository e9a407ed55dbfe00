import { PLAN_LIMITS, SITEMAP_FETCHES_PER_HOUR_PER_IP } from '../plans.js';
import type { ErrorCode } from './error-codes.js';
import type { RoutedOperationName } from './http-routes.js';
import { HISTORY_OPERATION_DOCS } from './operation-docs-history.js';
import { PRO_OPERATION_DOCS } from './operation-docs-pro.js';
import { SHARE_OPERATION_DOCS } from './operation-docs-share.js';

/** The groups of the API reference, in the order it shows them. */
export const OPERATION_TAGS = [
  'Crawls',
  'Crawl report',
  'Client reports',
  'Sitemaps',
  'Bulk crawls',
  'Schedules',
  'Audits',
  'Account',
  'API tokens',
  'Billing',
  'Reference',
] as const;

/** One group of the API reference. */
export type OperationTag = (typeof OPERATION_TAGS)[number];

/**
 * What the API reference says of an operation beyond its route and schemas: words for people,
 * and the error codes its own handler can answer with. The errors every call shares (no
 * sign-in, a bad API token, a body that is not JSON, an internal fault) are added by the
 * document generator from the route, so they are not repeated here.
 */
export interface OperationDoc {
  /** One line: what the call does. */
  summary: string;
  /** More sentences, when the call needs them. */
  description?: string;
  /** Its group in the reference. */
  tag: OperationTag;
  /** Codes its handler (or the service it calls) can answer with, besides the shared ones. */
  errors: readonly ErrorCode[];
  /** It answers 201 Created rather than 200. */
  created?: true;
  /**
   * It answers a file rather than JSON: a sitemap export, the crawl report, a zip of them, or
   * a CSV table.
   */
  download?: 'sitemap' | 'report' | 'zip' | 'csv' | 'pdf' | 'image';
  /** Only a signed-in browser session may call it: API tokens are refused. */
  sessionOnly?: true;
  /**
   * A rate window of its own, besides an API token's, whose figures the `X-RateLimit-*`
   * headers give: words for people ("10 crawl starts an hour on the free plan").
   */
  rateWindow?: string;
  /** Words for input fields (path, query or body) whose name and type do not say enough. */
  fields?: Readonly<Record<string, string>>;
  /** An input to show in the examples (the curl line); otherwise one is made from the schema. */
  example?: Readonly<Record<string, unknown>>;
}

const SITE = 'https://example.com/';
const JOB = 'mZ3c9qLw2xY1';
/** The URL table's filter, shared by its page, its download and its figures. */
const FILTER_FIELDS: Readonly<Record<string, string>> = {
  jobId: 'The crawl’s id, as crawl.start answered it.',
  verdict: 'listed, or excluded (every reason a URL is left out); absent: both.',
  reason: 'One verdict code: the URLs listed, or left out for that reason.',
  q: 'Words the URL or title contains (case-insensitive).',
  issue: 'An SEO rule id (an issue’s rule in the SEO check): the URLs it is about.',
  sort: 'The column to sort by; crawl (the order the crawl met the URLs) by default.',
  dir: 'Sort direction, asc by default.',
  depth: 'Clicks from the start page: 3 exactly, or 10+ for ten or more.',
  httpStatus: 'The HTTP status: a code such as 404, a class such as 4xx, or none (no answer came).',
  time: 'A response-time bucket: under-100ms, 100-300ms, 300ms-1s, 1-3s or over-3s.',
  under: 'URLs starting with this address, such as https://example.com/blog/ (a folder).',
};
const JOB_FIELD = { jobId: FILTER_FIELDS.jobId ?? '' };

const SITEMAP_DOWNLOAD_ERRORS: readonly ErrorCode[] = [
  'sitemap.url-not-allowed',
  'sitemap.fetch-failed',
  'sitemap.timeout',
  'sitemap.http-status',
  'sitemap.not-a-sitemap',
  'sitemap.too-large',
  'sitemap.bad-gzip',
];

/** The entry of an owner's request on a crawl (issue 30): stop, pause or resume. */
function controlDoc(summary: string, description: string, ...more: ErrorCode[]): OperationDoc {
  return {
    summary,
    description,
    tag: 'Crawls',
    errors: ['input.invalid', 'crawl.not-found', 'crawl.ended', ...more],
    example: { jobId: JOB },
    fields: JOB_FIELD,
  };
}

/**
 * The API reference's words and error codes per operation. An operation missing here is still
 * published (from its route and schemas) with its name as summary, so a new operation is never
 * left out; adding its entry gives it words and its own error codes.
 */
export const OPERATION_DOCS: Readonly<Partial<Record<RoutedOperationName, OperationDoc>>> = {
  ...PRO_OPERATION_DOCS,
  ...HISTORY_OPERATION_DOCS,
  ...SHARE_OPERATION_DOCS,
  'crawl.start': {
    summary: 'Start a crawl',
    description:
      'Starts crawling a site from its start URL within your plan: the answer carries the job id to poll. With an API token the rate-limit headers describe whichever window binds first, the token’s or the crawl starts’.',
    tag: 'Crawls',
    errors: [
      'input.invalid',
      'crawl.url-not-allowed',
      'limit.monthly',
      'limit.hourly',
      'limit.plan',
      'limit.storage',
      'auth.pro-required',
      'storage.full',
    ],
    created: true,
    rateWindow: `Crawl starts per rolling hour: ${PLAN_LIMITS.pro.crawlsPerHour} on Pro, ${PLAN_LIMITS.free.crawlsPerHour} on the free plan.`,
    example: { url: SITE },
    fields: {
      url: 'The start URL: an absolute http:// or https:// address on the site to crawl.',
      settings:
        "Pro crawl settings (optional): maxDepth, include and exclude globs, listQueryUrls, scope, render, politenessDelayMs, userAgentSuffix, and siteAuth (a staging site's basic-auth login and extra headers, sent to the crawl's own site only; stored encrypted, answered masked as ••••).",
    },
  },
  'crawl.get': {
    summary: 'Get a crawl: status, progress and outcome',
    description:
      'Poll it (every few seconds) until `status` is `completed` or `failed`. `results` holds the first 100 listed pages; page through every URL with the URL table.',
    tag: 'Crawls',
    errors: ['input.invalid', 'crawl.not-found'],
    example: { jobId: JOB },
    fields: JOB_FIELD,
  },
  'crawl.stop': controlDoc(
    'Stop a crawl',
    'Ends a pending, running or paused crawl within seconds, on whichever server runs it. The pages stored so far stay: the crawl completes with them, its outcome says "Stopped by you after N pages", and its sitemap files are built from what was crawled. Answers the job as crawl.get does; 409 `crawl.ended` when it had already ended.',
  ),
  'crawl.pause': controlDoc(
    'Pause a crawl',
    'A running crawl stops fetching within seconds and waits with status `paused`, its stored pages and its queue of URLs kept; no worker holds it. Resume it with crawl.resume. Pausing a paused crawl changes nothing; 409 `crawl.ended` when it had already ended.',
  ),
  'crawl.resume': controlDoc(
    'Resume a paused crawl',
    'The crawl waits for a worker again and carries on from its queue of URLs: stored pages are not fetched (nor counted) again. 409 `crawl.not-paused` when it is not paused, `crawl.ended` when it had ended.',
    'crawl.not-paused',
  ),
  'history.list': {
    summary: 'List your 100 most recent crawls',
    description: 'For every crawl, paged, searched and sorted, use crawls.list.',
    tag: 'Crawls',
    errors: [],
  },
  'analytics.get': {
    summary: 'Your crawl totals and monthly page usage',
    tag: 'Crawls',
    errors: [],
  },
  'crawl.urls': {
    summary: 'Page through a crawl’s URL table',
    description:
      'Every URL the crawl met, with its verdict (listed, or why not), filtered and sorted. Follow `nextCursor` until it is null.',
    tag: 'Crawl report',
    errors: ['report.filter-invalid', 'report.cursor-invalid', 'not-found'],
    example: { jobId: JOB, verdict: 'excluded', limit: 100 },
    fields: {
      ...FILTER_FIELDS,
      cursor:
        'The nextCursor of the previous page, with the same filter and sort; absent: the first page.',
      limit: 'Rows per page; 100 by default.',
    },
  },
  'crawl.url': {
    summary: 'One URL of a crawl in detail',
    tag: 'Crawl report',
    errors: ['report.filter-invalid', 'not-found', 'report.url-unknown'],
    example: { jobId: JOB, url: `${SITE}about` },
    fields: { ...JOB_FIELD, url: 'The URL as a row of the URL table gives it.' },
  },
  'crawl.charts': {
    summary: 'The figures of a crawl’s charts',
    description:
      'The site’s own URLs by verdict, HTTP status, depth and response time, and the site’s structure by folder (at most three levels, the largest folders of each, the rest summed), for drawing charts. Each figure is the size of a URL-table filter: reason, httpStatus, depth, time or under.',
    tag: 'Crawl report',
    errors: ['input.invalid', 'not-found'],
    example: { jobId: JOB },
    fields: JOB_FIELD,
  },
  'crawl.report': {
    summary: 'Download the URL table as CSV or JSON Lines',
    tag: 'Crawl report',
    errors: ['report.filter-invalid', 'not-found'],
    download: 'report',
    example: { jobId: JOB, format: 'csv' },
    fields: { ...FILTER_FIELDS, format: 'csv (UTF-8 with a BOM, RFC 4180) or jsonl (JSON Lines).' },
  },
  'seo.get': {
    summary: 'The SEO health check of a completed crawl',
    tag: 'Crawl report',
    errors: ['input.invalid', 'crawl.not-found', 'crawl.not-finished'],
    example: { jobId: JOB },
    fields: JOB_FIELD,
  },
  'export.generate': {
    summary: 'Download a sitemap of a completed crawl',
    description:
      'Any of the eight formats; `compress=true` gzips the XML ones. A crawl listing more than 50,000 URLs answers with the sitemap index; `part=N` downloads each part.',
    tag: 'Sitemaps',
    errors: [
      'input.invalid',
      'crawl.not-found',
      'crawl.not-finished',
      'export.nothing-to-list',
      'export.no-part',
      'storage.full',
    ],
    download: 'sitemap',
    example: { jobId: JOB, format: 'xml' },
    fields: {
      ...JOB_FIELD,
      format: 'The sitemap format.',
      compress: 'true gzips the file (xml, xml-images, images and videos only).',
      part: 'Part N of a sitemap split at 50,000 URLs or 50 MB; without it, the sitemap index.',
    },
  },
  'sitemap.fetch': {
    summary: 'Fetch a published sitemap for the checker',
    description:
      'Downloads a sitemap (gzip inflated) through the crawler’s safety rules and answers its text. Open to everyone.',
    tag: 'Sitemaps',
    errors: ['input.invalid', 'checker.busy', 'limit.sitemap-fetch', ...SITEMAP_DOWNLOAD_ERRORS],
    rateWindow: `Sitemap fetches per rolling hour: ${SITEMAP_FETCHES_PER_HOUR_PER_IP} per client address.`,
    example: { url: `${SITE}sitemap.xml` },
    fields: { url: 'The sitemap’s address: absolute http:// or https://.' },
  },
  'ping.key': {
    summary: 'Your IndexNow key for a site',
    tag: 'Sitemaps',
    errors: ['input.invalid'],
    example: { sitemapUrl: `${SITE}sitemap.xml` },
    fields: { sitemapUrl: 'The sitemap whose site the key is for.' },
  },
  'ping.last': {
    summary: 'The last search-engine notification of a crawl',
    description:
      'The kept answer of the last notification made from this crawl, with its date and when IndexNow last accepted the same URLs; null when none was made.',
    tag: 'Sitemaps',
    errors: ['input.invalid'],
    example: { jobId: JOB },
    fields: { jobId: 'The crawl the notification was made from.' },
  },
  'ping.submit': {
    summary: 'Notify search engines of a sitemap (IndexNow)',
    tag: 'Sitemaps',
    errors: [
      'input.invalid',
      'crawl.not-found',
      'crawl.not-finished',
      'notify.no-urls',
      'limit.notify',
    ],
    example: { sitemapUrl: `${SITE}sitemap.xml`, jobId: JOB },
    fields: {
      sitemapUrl: 'The published sitemap to notify search engines of.',
      jobId:
        'A completed crawl whose listed URLs to submit; absent: your newest completed crawl of that host.',
    },
  },
  'config.get': {
    summary: 'Public settings the web app reads at start',
    tag: 'Account',
    errors: [],
  },
  'user.get': { summary: 'The signed-in user', tag: 'Account', errors: [] },
  'user.delete': {
    summary: 'Delete your account and its data',
    tag: 'Account',
    errors: ['input.invalid', 'auth.wrong-password', 'auth.throttled'],
  },
  'auth.login': {
    summary: 'Sign in (starts a session cookie)',
    tag: 'Account',
    errors: ['input.invalid', 'auth.invalid-login', 'auth.throttled'],
  },
  'auth.register': {
    summary: 'Create an account',
    tag: 'Account',
    errors: ['input.invalid', 'account.taken', 'account.signup-throttled'],
    created: true,
  },
  'auth.logout': { summary: 'Sign out', tag: 'Account', errors: [] },
  'auth.resendConfirmation': {
    summary: 'Send the confirmation e-mail again',
    description:
      'Signed in, for your own account. Signed out, for the `email` given: the answer is the same whether or not that address has an account waiting for confirmation, and each address may be asked at most 5 times an hour.',
    tag: 'Account',
    errors: ['input.invalid', 'account.mail-throttled', 'account.mail-failed'],
  },
  'auth.forgotPassword': {
    summary: 'E-mail a password reset link',
    tag: 'Account',
    errors: ['input.invalid'],
  },
  'auth.resetPassword': {
    summary: 'Set a new password from a reset link',
    tag: 'Account',
    errors: ['input.invalid', 'account.link-invalid'],
  },
  'auth.checkResetToken': {
    summary: 'Check a password reset link without using it',
    description:
      'Answers `valid: false` alike for an unknown, expired or already used link, and `valid: true` for one that can still set a password. The link stays unused.',
    tag: 'Account',
    errors: ['input.invalid'],
  },
  'auth.confirmEmail': {
    summary: 'Confirm an e-mail address from its link',
    tag: 'Account',
    errors: ['input.invalid', 'account.link-invalid', 'account.already-confirmed'],
  },
  'tokens.list': {
    summary: 'List your API tokens',
    tag: 'API tokens',
    errors: ['auth.session-required', 'auth.pro-required'],
    sessionOnly: true,
  },
  'tokens.create': {
    summary: 'Create an API token (shown once)',
    tag: 'API tokens',
    errors: ['input.invalid', 'auth.session-required', 'auth.pro-required', 'token.too-many'],
    created: true,
    sessionOnly: true,
  },
  'tokens.delete': {
    summary: 'Revoke an API token',
    tag: 'API tokens',
    errors: ['input.invalid', 'auth.session-required', 'auth.pro-required', 'token.not-found'],
    sessionOnly: true,
  },
  'paypal.createOrder': {
    summary: 'Open a PayPal order for Pro',
    tag: 'Billing',
    errors: [
      'payment.not-configured',
      'payment.pending',
      'payment.order-limit',
      'payment.create-failed',
    ],
    created: true,
  },
  'paypal.captureOrder': {
    summary: 'Capture an approved PayPal order',
    tag: 'Billing',
    errors: [
      'input.invalid',
      'payment.not-configured',
      'payment.unknown-order',
      'payment.pending',
      'payment.refunded',
      'payment.rejected',
      'payment.unverified',
      'payment.declined',
      'payment.not-approved',
      'payment.failed',
    ],
  },
  'openapi.get': {
    summary: 'This API reference as an OpenAPI 3.1 document',
    description: 'Generated from the contract the server itself validates with. Cacheable.',
    tag: 'Reference',
    errors: [],
  },
  // Issue 16: what a load balancer and an operator read.
  'health.get': {
    summary: 'Health of the server: database, crawl queue and live workers',
    description:
      'Answers 200 while the database answers and 503 (`status: degraded`) when it does not. `database` gives its kind and one round trip in ms, `queue` the crawl jobs waiting and running, `workers.live` the processes running crawl workers (1 for a single server). No sign-in.',
    tag: 'Reference',
    errors: [],
  },
};
