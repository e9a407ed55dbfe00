import { z } from 'zod';
import { TIME_BUCKET_IDS } from './chart-buckets.js';
import { reportCount } from './report-schemas.js';

/**
 * `crawl.charts` (issue 29): the figures of the crawl report's charts, one bounded answer
 * computed in SQL over the rows the URL table reads. Every figure counts the site's own URLs
 * (not those outside it), and each bar names the URL-table filter that lists its rows.
 */

/** `crawl.charts` input: the job. */
export const crawlChartsInput = z.object({ jobId: z.string().min(1).max(64) });

/** URLs per HTTP status of their own answer (a redirect's first hop); `status` null: no answer came. */
export const statusBar = z.object({ status: z.number().nullable(), count: z.number() });
export type StatusBar = z.infer<typeof statusBar>;

/** URLs per depth (clicks from the start page); `orMore` marks the last bar (that depth or deeper). */
export const depthBar = z.object({ depth: z.number(), orMore: z.boolean(), count: z.number() });
export type DepthBar = z.infer<typeof depthBar>;

/** URLs per response-time bucket (`TIME_BUCKETS`), every bucket present, in order. */
export const timeBar = z.object({
  bucket: z.enum(TIME_BUCKET_IDS),
  label: z.string(),
  count: z.number(),
});
export type TimeBar = z.infer<typeof timeBar>;

/** What a folder's smaller subfolders add up to when only its largest are kept. */
export const folderRest = z.object({
  folders: z.number(),
  urls: z.number(),
  issues: z.number(),
});
export type FolderRest = z.infer<typeof folderRest>;

/** One folder of the site's structure and the folders under it, largest first. */
export interface FolderNode {
  /** The folder's last path segment with its slash (`blog/`); the origin for a root. */
  name: string;
  /** The address every URL of the folder starts with (the URL table's `under` filter). */
  prefix: string;
  /** URLs in the folder and below. */
  urls: number;
  /** Of those, URLs that are broken: an error status (4xx, 5xx) or no answer (timeout, network error). */
  issues: number;
  /** The largest subfolders (bounded in number and depth). */
  children: FolderNode[];
  /** The subfolders left out of `children`, summed; null when none were. */
  other: FolderRest | null;
}

/**
 * A folder whose subfolders are `below` (none at the last level). Spelt out level by level,
 * not as a recursive schema, so the OpenAPI document states it without references.
 */
function folderLevel(below: z.ZodType<FolderNode> | null): z.ZodType<FolderNode> {
  return z.object({
    name: z.string(),
    prefix: z.string(),
    urls: z.number(),
    issues: z.number(),
    children: below ? z.array(below) : z.array(z.never()).max(0),
    other: folderRest.nullable(),
  });
}

/** A host of the site's structure and three folder levels under it (`FOLDER_LEVELS`, chart-buckets.ts). */
export const folderNode: z.ZodType<FolderNode> = folderLevel(
  folderLevel(folderLevel(folderLevel(null))),
);

/** `crawl.charts` output. */
export const crawlCharts = z.object({
  /** The site's own URLs the crawl met (what every chart counts). */
  total: z.number(),
  /** URLs per verdict code, largest first (listed first); codes with none left out. */
  verdicts: z.array(reportCount),
  /** URLs per HTTP status, by code; no answer (null) last. */
  statuses: z.array(statusBar),
  /** URLs per depth, from 0; the last bar holds every deeper URL when the crawl went past the cap. */
  depths: z.array(depthBar),
  /** URLs per response-time bucket; URLs without an answer are in none. */
  times: z.array(timeBar),
  /** The site's structure: one root per host, at most three folder levels, the largest folders of each. */
  folders: z.array(folderNode),
  /** The hosts left out of `folders`, summed; null when none were. */
  otherHosts: folderRest.nullable(),
});
export type CrawlCharts = z.infer<typeof crawlCharts>;
