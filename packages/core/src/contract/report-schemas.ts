import { z } from 'zod';
import { CHANGE_KINDS, changeKind } from './change-schemas.js';
import {
  DEPTH_FILTER,
  HTTP_STATUS_FILTER,
  TIME_BUCKET_IDS,
  UNDER_FILTER,
} from './chart-buckets.js';
import { EXPORT_FORMATS } from './formats.js';
import { SITEMAP_FLAGS } from './sitemap-compare-schemas.js';

/**
 * Schemas of the crawl report (issue 11): the URL table (`crawl.urls`), one URL in detail
 * (`crawl.url`), the report download (`crawl.report`) and the honest outcome `crawl.get` adds.
 * Shared by the server, the desktop IPC handlers and the web app.
 */

/**
 * A row's verdict code: `listed`, or the rule that kept the URL out of the sitemap. The plain
 * words of each row are in its `verdict` field; these codes are what filters and counts use.
 */
export const REPORT_REASONS = [
  'listed',
  'redirect',
  'status',
  'timeout',
  'robots',
  'noindex',
  'canonical',
  'content-type',
  'query',
  'out-of-scope',
  'pattern',
  'error',
  'bound',
] as const;

/** A verdict code of the URL table. */
export const reportReason = z.enum(REPORT_REASONS);
export type ReportReason = z.infer<typeof reportReason>;

/**
 * Which side of the site a URL is on, as Screaming Frog's Internal and External tabs split them:
 * `external` is every URL outside the crawled site (verdict `out-of-scope`), `internal` the rest.
 */
export const REPORT_SCOPES = ['internal', 'external'] as const;
export type ReportScope = (typeof REPORT_SCOPES)[number];

/** The one verdict code of URLs outside the site. */
export const EXTERNAL_REASON: ReportReason = 'out-of-scope';

/** The scope of a verdict code. */
export function scopeOf(reason: ReportReason): ReportScope {
  return reason === EXTERNAL_REASON ? 'external' : 'internal';
}

/** How many URLs of a job are inside and outside the site, from its counts per verdict. */
export function scopeCounts(counts: readonly { reason: ReportReason; count: number }[]): {
  internal: number;
  external: number;
} {
  let internal = 0;
  let external = 0;
  for (const c of counts) {
    if (scopeOf(c.reason) === 'external') external += c.count;
    else internal += c.count;
  }
  return { internal, external };
}

/**
 * Columns the URL table can be sorted by; `crawl` is the order the crawl met the URLs: by depth
 * (the start page first), then in the order they were found.
 */
export const REPORT_SORTS = [
  'crawl',
  'url',
  'status',
  'title',
  'depth',
  'inlinks',
  'responseTime',
] as const;
export const reportSort = z.enum(REPORT_SORTS);
export type ReportSort = z.infer<typeof reportSort>;

/** The largest page of the URL table one call answers. */
export const MAX_REPORT_PAGE = 500;

/**
 * What selects rows of the URL table (also the report download's "current filter"). Fields
 * arrive as query strings over HTTP, so they are strings or coerced numbers.
 */
export const reportFilter = z.object({
  /** `listed` or `excluded` (every exclusion reason); absent: both. */
  verdict: z
    .enum(['listed', 'excluded'], { error: 'verdict must be listed or excluded' })
    .optional(),
  /** One verdict code (see `REPORT_REASONS`); absent: any. */
  reason: z
    .enum(REPORT_REASONS, { error: `reason must be one of: ${REPORT_REASONS.join(', ')}` })
    .optional(),
  /** `internal` (the site's own URLs) or `external` (URLs outside the site); absent: both. */
  scope: z
    .enum(REPORT_SCOPES, { error: `scope must be one of: ${REPORT_SCOPES.join(', ')}` })
    .optional(),
  /** Words the URL or title contains (case-insensitive for ASCII letters). */
  q: z.string().trim().max(200, 'search is too long (at most 200 characters)').optional(),
  /** An SEO rule id (`seo.get` issue `rule`): the URLs that issue is about. */
  issue: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/, 'issue must be an SEO rule id such as missing-title')
    .optional(),
  /**
   * A finding of the live sitemap comparison (issue 14, hosted Pro): the URLs it applies to.
   * Absent: any.
   */
  sitemap: z
    .enum(SITEMAP_FLAGS, { error: `sitemap must be one of: ${SITEMAP_FLAGS.join(', ')}` })
    .optional(),
  /** Sort column; default `crawl`. */
  sort: z
    .enum(REPORT_SORTS, { error: `sort must be one of: ${REPORT_SORTS.join(', ')}` })
    .optional(),
  /** Sort direction; default `asc`. */
  dir: z.enum(['asc', 'desc'], { error: 'dir must be asc or desc' }).optional(),
  /** What changed since the previous crawl (issue 13, `CHANGE_KINDS`); absent: any. */
  change: z
    .enum(CHANGE_KINDS, { error: `change must be one of: ${CHANGE_KINDS.join(', ')}` })
    .optional(),
  /** Clicks from the start page (the depth chart, issue 29): `3` exactly, `10+` ten or more. */
  depth: z
    .string()
    .regex(DEPTH_FILTER, 'depth must be a number of clicks such as 2, or 10+ for ten or more')
    .optional(),
  /** The HTTP status (the status chart): a code such as `404`, a class such as `4xx`, or `none`. */
  httpStatus: z
    .string()
    .regex(
      HTTP_STATUS_FILTER,
      'httpStatus must be a code such as 404, a class such as 4xx, or none',
    )
    .optional(),
  /** A response-time bucket of the charts (`TIME_BUCKETS`); rows without an answer match none. */
  time: z
    .enum(TIME_BUCKET_IDS, { error: `time must be one of: ${TIME_BUCKET_IDS.join(', ')}` })
    .optional(),
  /** URLs that start with this address: a folder of the site-structure chart (`https://example.com/blog/`). */
  under: z
    .string()
    .max(2048, 'under is too long (at most 2,048 characters)')

    .regex(UNDER_FILTER, 'under must be an address such as https://example.com/blog/')
    .optional(),
});
export type ReportFilter = z.infer<typeof reportFilter>;

/** One row of the URL table: every URL the crawl met, one row each. */
export const reportRow = z.object({
  /** Stable id of the row within its job (the crawl's order); also the default sort. */
  id: z.number(),
  /** The URL as the crawl requested it. */
  url: z.string(),
  /**
   * HTTP status of the URL's own answer (a redirect's first hop); null when no answer came
   * (outside the site, blocked, network error, not fetched).
   */
  status: z.number().nullable(),
  /** Verdict code: `listed` or why not. */
  reason: reportReason,
  /** The verdict in plain words: "listed", "noindex", "canonical → /x", "301 → /y", "404", … */
  verdict: z.string(),
  /** `<title>`, or null. */
  title: z.string().nullable(),
  /** Link distance from the start URL. */
  depth: z.number(),
  /** Distinct pages of the site linking here. */
  inlinks: z.number(),
  /** Time to the end of the body, ms; null when no answer came (as `status`). */
  responseTimeMs: z.number().nullable(),
  /** Whether headless Chromium rendered it. */
  rendered: z.boolean(),
  /** Why it was rendered, or null. */
  renderReason: z.string().nullable(),
  /** Media type of the answer, or null. */
  contentType: z.string().nullable(),
  /** What changed since the previous crawl of the site; absent on a first crawl. */
  change: changeKind.optional(),
  /**
   * The live sitemap comparison's findings for this URL, codes separated by spaces
   * (`SITEMAP_FLAGS`); null when it has none or the sitemap was not compared.
   */
  sitemap: z.string().nullable(),
});
export type ReportRow = z.infer<typeof reportRow>;

/** One figure above the table: a verdict code, its words and how many URLs have it. */
export const reportCount = z.object({
  reason: reportReason,
  /** Plain words for the group ("listed", "noindex", "redirects", "blocked by robots.txt"). */
  label: z.string(),
  count: z.number(),
});
export type ReportCount = z.infer<typeof reportCount>;

/** `crawl.urls` input: the job, the filter, and a page of the table. */
export const reportUrlsInput = reportFilter.extend({
  jobId: z.string().min(1).max(64),
  /** The `nextCursor` of the previous page, for the same filter and sort; absent: first page. */
  cursor: z.string().max(1024, 'cursor is too long').optional(),
  /** Rows per page, 1 to 500; default 100. */
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 500' })
    .int('limit must be a whole number from 1 to 500')
    .min(1, 'limit must be a whole number from 1 to 500')
    .max(MAX_REPORT_PAGE, 'limit must be a whole number from 1 to 500')
    .optional(),
});

/** `crawl.urls` output: one page of rows, the cursor of the next, and the figures above. */
export const reportUrlsPage = z.object({
  rows: z.array(reportRow),
  /**
   * Pass as `cursor` for the next page; null on the last page. A search (`q`) or an SEO issue
   * filter reads at most 20,000 URLs per call, so its page may hold fewer rows than `limit`
   * (even none) while `nextCursor` is set: keep following it.
   */
  nextCursor: z.string().nullable(),
  /** Rows matching the filter, when known cheaply (null with a search or an issue filter). */
  matching: z.number().nullable(),
  /** URLs in the whole job (every verdict), whatever the filter. */
  total: z.number(),
  /** Counts per verdict code over the whole job, largest first; codes with none left out. */
  counts: z.array(reportCount),
});
export type ReportUrlsPage = z.infer<typeof reportUrlsPage>;

/** `crawl.url` input: one URL of a job, as a row gives it. */
export const reportUrlInput = z.object({
  jobId: z.string().min(1).max(64),
  url: z.string().min(1, 'url is required').max(4096, 'url is too long'),
});

/** `crawl.url` output: everything the crawl learnt about one URL. */
export const reportUrlDetail = reportRow.extend({
  /** The URL that finally answered (after redirects). */
  finalUrl: z.string(),
  /** Exactly why it is or is not in the sitemap, in one or two sentences. */
  why: z.string(),
  /** Redirect hops from `url` to `finalUrl`, in order. */
  redirectChain: z.array(z.object({ url: z.string(), status: z.number() })),
  /** The status of the final answer, at `finalUrl` (0 when none came): the chain's last step. */
  finalStatus: z.number(),
  /** Where the page sends the browser at once, and how that was found; null when it does not. */
  clientRedirect: z
    .object({
      via: z.enum(['meta refresh', 'script']),
      url: z.string(),
      seen: z.enum(['html', 'render']),
    })
    .nullable(),
  canonical: z.string().nullable(),
  /** Robots directives from `<meta name=robots>` and from the `X-Robots-Tag` header. */
  robots: z.object({
    meta: z.array(z.string()),
    header: z.array(z.string()),
    noindex: z.boolean(),
    nofollow: z.boolean(),
  }),
  hreflang: z.array(z.object({ hreflang: z.string(), href: z.string() })),
  /** Images found (at most 100; `imageCount` has them all). */
  images: z.array(z.object({ src: z.string(), alt: z.string().nullable() })),
  imageCount: z.number(),
  /** Videos found. */
  videos: z.array(
    z.object({
      contentUrl: z.string().nullable(),
      playerUrl: z.string().nullable(),
      thumbnailUrl: z.string().nullable(),
      title: z.string().nullable(),
      description: z.string().nullable(),
    }),
  ),
  /** schema.org types of the page's structured data. */
  structuredDataTypes: z.array(z.string()),
  /** The first pages that link here (at most 10). */
  linkedFrom: z.array(z.string()),
  metaDescription: z.string().nullable(),
  h1: z.string().nullable(),
  bytes: z.number(),
  lastModified: z.string().nullable(),
  /** How the crawl first found it. */
  foundVia: z.enum(['start', 'link', 'sitemap', 'redirect', 'alternate']),
  /** The fetch error, or null. */
  error: z.string().nullable(),
});
export type ReportUrlDetail = z.infer<typeof reportUrlDetail>;

/** The report download's formats: CSV (UTF-8 with BOM, RFC 4180) and JSON Lines. */
export const REPORT_FORMATS = ['csv', 'jsonl'] as const;

/** `crawl.report` input: the job, the format, and optionally the table's current filter. */
export const reportDownloadInput = reportFilter.extend({
  jobId: z.string().min(1).max(64),
  format: z.enum(REPORT_FORMATS, { error: 'format must be csv or jsonl' }),
});

/** What ended a crawl, as the crawl page states it. */
export const END_REASONS = [
  'finished',
  'plan-limit',
  'monthly-quota',
  'engineering-limit',
  'url-limit',
  'time-limit',
  'cancelled',
  'stopped',
  'error',
  'interrupted',
  // The growth bounds of a crawl with no plan cap (crawler `GrowthLimit`).
  'frontier-limit',
  'storage-limit',
  'storage-budget',
] as const;
export const endReason = z.enum(END_REASONS);
export type EndReason = z.infer<typeof endReason>;

/** One sitemap download's availability: whether its file can exist, and why not. */
export const downloadAvailability = z.object({
  format: z.enum(EXPORT_FORMATS),
  available: z.boolean(),
  /** Why the button is disabled ("no videos found; 3 left out: missing description"); null when available. */
  reason: z.string().nullable(),
});
export type DownloadAvailability = z.infer<typeof downloadAvailability>;

/** The honest outcome of a finished crawl (`crawl.get` field `outcome`; null while running). */
export const crawlOutcome = z.object({
  endReason,
  /** One sentence on how it ended when it did not simply finish ("Stopped at your free plan's 100-page limit; …"), else null. */
  endSentence: z.string().nullable(),
  /** Why nothing was listed, in one sentence from the verdicts; null when something was listed. */
  nothingListed: z.string().nullable(),
  /** Pages: URLs that answered 2xx with HTML (what plan caps count). */
  pages: z.number(),
  /** URLs listed in the sitemap. */
  listed: z.number(),
  /** URLs the crawl met and recorded (every verdict: the rows of the URL table). */
  urls: z.number(),
  /** URLs still waiting in the frontier when a cap or the clock stopped the crawl. */
  waiting: z.number(),
  /** "73 pages, 68 listed". */
  pagesText: z.string(),
  /** Per sitemap format, whether its file can exist and why not. */
  downloads: z.array(downloadAvailability),
  /**
   * Why every format leaves lastmod out ("lastmod left out of every format: every page reported
   * the same date, ..."), or null when they keep it. Absent in outcomes kept before it existed.
   */
  lastmodNote: z.string().nullable().optional(),
});
export type CrawlOutcome = z.infer<typeof crawlOutcome>;

/**
 * Whether a completed crawl's sitemap is partial: something (a plan cap, the month's quota, a
 * bound, the clock, the user) stopped the crawl before it met every page of the site. Its
 * results are headlined as a partial sitemap, never "ready" (walkthrough defect 15).
 */
export function isPartialOutcome(outcome: Pick<CrawlOutcome, 'endReason'>): boolean {
  return outcome.endReason !== 'finished';
}

/** Live progress of a running crawl (`crawl.get` field `progress`; null once it ended). */
export const crawlLiveProgress = z.object({
  /** Distinct URLs met so far. */
  pagesFound: z.number(),
  /** URLs recorded so far. */
  urlsRecorded: z.number(),
  /** URLs waiting in the frontier. */
  queued: z.number(),
  /** The URL most recently started that is still in flight, when known. */
  currentUrl: z.string().nullable(),
  /** The URLs being fetched now, longest-running first (at most 5); absent on older rows. */
  inFlight: z.array(z.object({ url: z.string(), elapsedMs: z.number() })).optional(),
  /** Fetches in flight for longer than a second: the crawl is waiting for slow pages. */
  slowInFlight: z.number().optional(),
  /** The crawl's limit of one try, ms (a page past it "timed out"). */
  pageTimeoutMs: z.number().optional(),
  /** Time since the crawl started, ms. */
  elapsedMs: z.number(),
});
export type CrawlLiveProgress = z.infer<typeof crawlLiveProgress>;
