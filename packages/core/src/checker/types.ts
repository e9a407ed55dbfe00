import type { ValidationResult } from '../contract/schemas.js';

/** A sitemap kind, as `ValidationResult.kind` names it. */
export type SitemapKind = ValidationResult['kind'];

/** One element inside an entry (a `url`, `sitemap`, `item` or `entry`), in document order. */
export interface Field {
  /** The element name with a canonical prefix: `loc`, `image:loc`, `video:title`, `xhtml:link`. */
  key: string;
  /** Its text, trimmed once the element closes. */
  text: string;
  /** Its attributes. */
  attrs: Record<string, string>;
  /** Its line. */
  line: number;
  /** The enclosing field, or `null` for a direct child of the entry. */
  parent: Field | null;
}

/** One entry of the file with the elements inside it. */
export interface Entry {
  /** Line of the entry's start tag. */
  line: number;
  /** Its elements, in document order. */
  fields: Field[];
}

/** Options of a check. */
export interface CheckOptions {
  /** Where the sitemap lives; URLs on another host are warned about. Default: the first URL's host. */
  sitemapUrl?: string;
  /** "Now" in ms, for future lastmod and news age (tests pin it). */
  now?: number;
  /** Hard cap on input bytes; beyond it the checker stops with an error. Default 104,857,600. */
  maxInputBytes?: number;
  /** Most messages kept per list (errors, warnings); the rest are counted. Default 1,000. */
  maxMessages?: number;
  /**
   * Called with each entry's URL as it is read: the `<loc>` of a `<url>` or `<sitemap>`, the link
   * of an RSS item or Atom entry. Crawl seeding reads sitemaps through the checker this way (one
   * parser for both uses); returning `false` stops reading. `lastmod` is the entry's own
   * `<lastmod>` text when it has one (the live sitemap against a crawl compares it).
   */
  onUrl?: (url: string, kind: SitemapKind, lastmod?: string) => boolean | undefined;
}

/** A rule set for one sitemap kind. */
export interface KindRules {
  /** Checks one entry. */
  entry(entry: Entry): void;
  /** Adds the summary messages once the file is read. */
  finish(): void;
}
