/**
 * Bulk crawls (Pro, hosted only): one pasted or uploaded list of up to `MAX_BULK_SITES` site
 * URLs becomes one crawl per site, followed on one bulk page and downloaded as one zip. The
 * list is read line by line (`parseBulkList`): a bad line is reported with its number and the
 * reason, and the good lines still start.
 */
import { z } from 'zod';
import { MAX_BULK_LIST_CHARS } from './bulk-limits.js';
import { crawlSettings } from './crawl-settings.js';
import { ERROR_CODES } from './error-codes.js';
import { crawlStatus } from './schemas.js';

/** One line of the list that did not become a crawl, and why. */
export const bulkRejectedLine = z.object({
  /** 1-based line number in the list as sent. */
  line: z.number(),
  /** The line as written (cut to 200 characters). */
  text: z.string(),
  /** Why, in plain words. */
  reason: z.string(),
  /**
   * The contract's code of the refusal: `crawl.url-not-allowed` for an address the URL policy
   * refuses (as a crawl start does), `input.invalid` for any other line. Absent in bulks
   * stored before it was added.
   */
  code: z.enum(ERROR_CODES).optional(),
});
export type BulkRejectedLine = z.infer<typeof bulkRejectedLine>;

/** `bulk.start` input: the list as text (one URL a line) and the settings of every crawl. */
export const bulkStartInput = z.object({
  list: z
    .string({ error: 'The list is text, one site URL a line' })
    .max(MAX_BULK_LIST_CHARS, 'The list is at most 256 KB; split it into smaller lists'),
  settings: crawlSettings.optional(),
});

/** `bulk.start` output: the bulk's id, how many crawls started, and the lines refused. */
export const bulkStartOutput = z.object({
  bulkId: z.string(),
  accepted: z.number(),
  rejected: z.array(bulkRejectedLine),
});

/** A bulk reference in a path. */
export const bulkRef = z.object({ bulkId: z.string().min(1).max(64) });

/** One site of a bulk: its crawl's state and, once done, what it found. */
export const bulkSite = z.object({
  /** Line of the list the site came from. */
  line: z.number(),
  url: z.string(),
  jobId: z.string(),
  status: crawlStatus,
  pagesCrawled: z.number(),
  /** URLs listed in its sitemap; null until the crawl completed. */
  listed: z.number().nullable(),
  /**
   * Why the completed crawl listed nothing, in the crawl page's sentence ("robots.txt blocks
   * every page for our crawler …"); null while running, on failure, or when something was listed.
   */
  nothingListed: z.string().nullable(),
  /** SEO score out of 100; null until the crawl completed, and when it listed nothing. */
  seoScore: z.number().nullable(),
  /**
   * The change report's summary against the previous crawl of the site ("12 added, 3 removed,
   * 41 changed"); null when there is none (no earlier crawl, or no change report yet).
   */
  changes: z.string().nullable(),
  error: z.string().nullable(),
});
export type BulkSite = z.infer<typeof bulkSite>;

/** `bulk.get`: the bulk page. */
export const bulkCrawl = z.object({
  bulkId: z.string(),
  createdAt: z.string(),
  settings: crawlSettings.nullable(),
  sites: z.array(bulkSite),
  rejected: z.array(bulkRejectedLine),
  /** True once every site's crawl has completed or failed. */
  finished: z.boolean(),
});
export type BulkCrawl = z.infer<typeof bulkCrawl>;

/** One bulk in the user's list of bulks. */
export const bulkListItem = z.object({
  bulkId: z.string(),
  createdAt: z.string(),
  sites: z.number(),
  completed: z.number(),
  failed: z.number(),
});
export type BulkListItem = z.infer<typeof bulkListItem>;
