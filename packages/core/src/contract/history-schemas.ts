/**
 * Schemas of the crawl history (issue 26): every crawl of the user, paged, searched by site,
 * filtered by status and sorted; one crawl deleted with its files. Shared by the server, the
 * desktop and the web app.
 */
import { z } from 'zod';
import { crawlStatus, historyItem } from './schemas.js';

/** Columns the history can be sorted by: start date, pages crawled, SEO score. */
export const HISTORY_SORTS = ['date', 'pages', 'score'] as const;
/** A sort column of the history. */
export type HistorySort = (typeof HISTORY_SORTS)[number];

/** Crawls per page of the history when the caller does not say. */
export const HISTORY_PAGE_SIZE = 20;

/** The largest page of the history one call answers. */
export const MAX_HISTORY_PAGE_SIZE = 100;

const pageSizeWords = `pageSize must be a whole number from 1 to ${MAX_HISTORY_PAGE_SIZE}`;

/** `crawls.list` input. Fields arrive as query strings over HTTP, so numbers are coerced. */
export const crawlsListInput = z.object({
  /** Page of the list, from 1; default 1. A page past the last is refused (`history.page-past-end`). */
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .optional(),
  /** Crawls per page, 1 to 100; default 20. */
  pageSize: z.coerce
    .number({ error: pageSizeWords })
    .int(pageSizeWords)
    .min(1, pageSizeWords)
    .max(MAX_HISTORY_PAGE_SIZE, pageSizeWords)
    .optional(),
  /** Words the start URL contains (case-insensitive); absent or empty: every site. */
  q: z.string().trim().max(200, 'search is too long (at most 200 characters)').optional(),
  /** One crawl status; absent: any. */
  status: z
    .enum(crawlStatus.options, {
      error: `status must be one of: ${crawlStatus.options.join(', ')}`,
    })
    .optional(),
  /** Sort column; default `date`. Crawls with no SEO score yet come last when sorted by score. */
  sort: z
    .enum(HISTORY_SORTS, { error: `sort must be one of: ${HISTORY_SORTS.join(', ')}` })
    .optional(),
  /** Sort direction; default `desc` (newest, most pages, best score first). */
  dir: z.enum(['asc', 'desc'], { error: 'dir must be asc or desc' }).optional(),
});
/** `crawls.list` input. */
export type CrawlsListInput = z.infer<typeof crawlsListInput>;

/** One crawl of the history: the dashboard's item and its SEO score once it was computed. */
export const crawlsListItem = historyItem.extend({
  /** SEO score (0 to 100) once the crawl's analysis was computed (its report opened), else null. */
  score: z.number().nullable(),
});
/** One crawl of the history. */
export type CrawlsListItem = z.infer<typeof crawlsListItem>;

/** `crawls.list` output: one page of crawls and the totals to page through them. */
export const crawlsListPage = z.object({
  items: z.array(crawlsListItem),
  /** Crawls matching the search and status filter. */
  matching: z.number(),
  /** Every crawl of the user, whatever the filter (the dashboard's badge). */
  total: z.number(),
  /** This page, from 1. */
  page: z.number(),
  /** Crawls per page. */
  pageSize: z.number(),
  /** Pages of matching crawls (at least 1, even when none match). */
  pages: z.number(),
});
/** `crawls.list` output. */
export type CrawlsListPage = z.infer<typeof crawlsListPage>;

/** `crawl.changes` input: the crawl, and optionally the crawl of the same site to compare with. */
export const crawlChangesInput = z.object({
  jobId: z.string().min(1).max(64),
  /**
   * Another completed crawl of the same site to compare with (issue 26); absent: the
   * comparison kept when the crawl ended (with the previous completed crawl of the site).
   */
  against: z.string().min(1).max(64).optional(),
});
