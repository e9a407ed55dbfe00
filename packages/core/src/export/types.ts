import type { ExportFormat } from '../contract/formats.js';
import type { PageRecord } from '../crawler/types.js';
import type { SorterFactory } from './sorter.js';

/** The changefreq values of the sitemaps.org protocol. */
export type Changefreq = 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'never';

/** What the caller may ask of an export. Every field is optional; the defaults suit Google. */
export interface ExportOptions {
  /** `xml` only: write this changefreq on every URL. Omitted unless asked (Google ignores it). */
  changefreq?: Changefreq;
  /**
   * `xml` only: write a priority, either one fixed value (0.0-1.0) or `'depth'` (1.0 for the
   * start page, 0.2 less per link level, at least 0.1). Omitted unless asked.
   */
  priority?: number | 'depth';
  /** `rss` only: keep the N most recent items (the free plan passes 100). Unlimited by default. */
  rssLimit?: number;
  /** `rss` and `html`: the site's name in titles; defaults to the host of the first page. */
  siteTitle?: string;
  /**
   * Every format: leave lastmod out (XML lastmod, JSON lastmod, RSS pubDate). Set it from
   * `hasUniformLastmod()`: one date on every page is the deploy time, which the checker rightly
   * flags, not when each page changed.
   */
  omitLastmod?: boolean;
}

/** A URL (or one video of it) that a format left out, and why. */
export interface SkippedEntry {
  /** The page URL. */
  url: string;
  /** Why it was left out ("video https://x/v.mp4: missing thumbnail_loc"). */
  reason: string;
}

/** One run of an exporter: a header, one chunk per page, and a footer. */
export interface ExportSession {
  /** The text before the first page. */
  readonly head: string;
  /** The text for one included page; `''` when the format leaves the page out. */
  entry(page: PageRecord): string;
  /**
   * Formats that sort or group (html, rss): the document up to its footer, written after the
   * last page, chunk by chunk, from the sorter the run was started with.
   */
  body?(): Iterable<string>;
  /** The text after the last page (after `body`). */
  end(): string;
  /**
   * How many entries the written file holds, for formats whose `entry` returns `''` and whose
   * `body` writes them (html, rss); the others are counted entry by entry.
   */
  listed?(): number;
}

/** One export format: how to start a run, and what the output file is. */
export interface Exporter {
  /** The format name. */
  readonly format: ExportFormat;
  /** `sitemap` formats are urlsets (split at 50,000 URLs, gzip allowed); `document` is the rest. */
  readonly family: 'sitemap' | 'document';
  /** Media type of the file, for Content-Type. */
  readonly contentType: string;
  /**
   * Starts a run; `skip` is told about each page or video left out. Formats that sort hold
   * their pages in `sorter` (default: in memory; Node's file writer spills to disk).
   */
  start(
    options: ExportOptions,
    skip: (entry: SkippedEntry) => void,
    sorter?: SorterFactory,
  ): ExportSession;
}
