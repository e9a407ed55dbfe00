/**
 * The live sitemap against a crawl (issue 14, point 2, Pro): what each URL's sitemap listing
 * says beside what the crawl found. Shared by the server and the web app.
 */
import { z } from 'zod';

/** What a URL's sitemap listing and the crawl disagree on. */
export const SITEMAP_FLAGS = [
  'not-indexable',
  'orphan',
  'missing',
  'duplicate',
  'lastmod-newer',
] as const;

/** One finding kind. */
export const sitemapFlag = z.enum(SITEMAP_FLAGS);
/** One finding kind. */
export type SitemapFlag = z.infer<typeof sitemapFlag>;

/** The words of each finding, for chips, the table column and the CSV. */
export const SITEMAP_FLAG_LABELS: Readonly<Record<SitemapFlag, string>> = {
  'not-indexable': 'in sitemap, not indexable',
  orphan: 'in sitemap, never linked',
  missing: 'missing from sitemap',
  duplicate: 'listed more than once',
  'lastmod-newer': 'lastmod newer than content',
};

/** One URL of the comparison. */
export const sitemapFinding = z.object({
  url: z.string(),
  /** Listed by at least one live sitemap. */
  inSitemap: z.boolean(),
  flags: z.array(sitemapFlag),
  /** The crawl's verdict in words; null when the crawl never met the URL. */
  crawlVerdict: z.string().nullable(),
  /** The sitemap files listing it. */
  sitemaps: z.array(z.string()),
  /** How many times it is listed, over every file. */
  listedTimes: z.number().int(),
  /** The sitemap's `<lastmod>` for it. */
  lastmod: z.string().nullable(),
  /** When the page's content last changed as far as the crawl knows (Last-Modified for now). */
  contentChanged: z.string().nullable(),
});
/** One URL of the comparison. */
export type SitemapFinding = z.infer<typeof sitemapFinding>;

/** The comparison's figures. */
export const sitemapCompareSummary = z.object({
  /** When the live sitemaps were read. */
  checkedAt: z.string(),
  files: z.array(
    z.object({
      url: z.string(),
      kind: z.enum(['urlset', 'sitemapindex', 'unknown']),
      entries: z.number().int(),
      error: z.string().nullable(),
    }),
  ),
  truncated: z.boolean(),
  /**
   * Why the reading stopped early, in plain words: the comparison's budget of decompressed
   * bytes or URLs over all files. Absent in comparisons stored before it was kept.
   */
  cut: z.string().nullable().optional(),
  /** URLs the live sitemaps list (each once). */
  inSitemap: z.number().int(),
  /** URLs with at least one finding. */
  withFindings: z.number().int(),
  /** URLs per finding. */
  counts: z.record(sitemapFlag, z.number().int()),
});
/** The comparison's figures. */
export type SitemapCompareSummary = z.infer<typeof sitemapCompareSummary>;

/**
 * Where a crawl's comparison job is (issue 30, point 8): `waiting` for a worker, `comparing`
 * (reading the live sitemaps), `done` (the findings are stored), or `failed` (see `error`).
 */
export const SITEMAP_COMPARE_STATES = ['waiting', 'comparing', 'done', 'failed'] as const;
/** Where a crawl's comparison job is. */
export const sitemapCompareState = z.enum(SITEMAP_COMPARE_STATES);
/** Where a crawl's comparison job is. */
export type SitemapCompareState = z.infer<typeof sitemapCompareState>;

/** The comparison job of a crawl: what a start answers at once, and what a page carries. */
export const sitemapCompareRun = z.object({
  state: sitemapCompareState,
  /** Why it failed, in plain words; null unless `failed`. */
  error: z.string().nullable(),
});
/** The comparison job of a crawl. */
export type SitemapCompareRun = z.infer<typeof sitemapCompareRun>;

/** A page of the comparison, one finding kind or every URL with one. */
export const sitemapCompareInput = z.object({
  jobId: z.string().min(1).max(64),
  flag: sitemapFlag.optional(),
  cursor: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

/**
 * The comparison: null summary until one was done for this crawl; `run` is its last job (null
 * when none was started), so a caller polls while it is `waiting` or `comparing`.
 */
export const sitemapComparePage = z.object({
  run: sitemapCompareRun.nullable(),
  summary: sitemapCompareSummary.nullable(),
  rows: z.array(sitemapFinding),
  total: z.number().int(),
  nextCursor: z.number().int().nullable(),
});
/** The comparison: null summary until it was run for this crawl. */
export type SitemapComparePage = z.infer<typeof sitemapComparePage>;

/** The comparison's CSV download, optionally one finding kind only. */
export const sitemapCompareReportInput = z.object({
  jobId: z.string().min(1).max(64),
  flag: sitemapFlag.optional(),
});
