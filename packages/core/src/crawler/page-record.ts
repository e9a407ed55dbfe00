/** Builds PageRecords: an empty one for a frontier entry, and the facts of a parsed page. */
import type { FrontierEntry } from '../ports/crawl-store.js';
import type { PageFacts } from './extract/page-facts.js';
import type { PageRecord } from './types.js';

/**
 * A record with nothing learnt yet (the verdict is set by the caller). The one full PageRecord
 * literal: test pages and the compact store's defaults are built on it.
 */
export function blankRecord(entry: Pick<FrontierEntry, 'url' | 'depth' | 'foundVia'>): PageRecord {
  return {
    url: entry.url,
    finalUrl: entry.url,
    redirectChain: [],
    status: 0,
    contentType: null,
    bytes: 0,
    responseTimeMs: 0,
    depth: entry.depth,
    inlinks: 0,
    linkedFrom: [],
    foundVia: entry.foundVia,
    title: null,
    metaDescription: null,
    h1: null,
    canonical: null,
    robots: { meta: [], header: [], noindex: false, nofollow: false },
    hreflang: [],
    images: [],
    videos: [],
    structuredData: { jsonLd: false, microdata: false, types: [] },
    lastModified: null,
    mixedContent: 0,
    rendered: false,
    renderReason: null,
    verdict: { included: false, code: 'error', reason: 'excluded: not fetched' },
    error: null,
  };
}

/** Copies a page's facts into its record. */
export function applyFacts(record: PageRecord, facts: PageFacts): void {
  record.title = facts.title;
  record.metaDescription = facts.metaDescription;
  record.h1 = facts.h1;
  record.canonical = facts.canonical;
  record.robots = facts.robots;
  record.hreflang = facts.hreflang;
  record.images = facts.images;
  record.videos = facts.videos;
  record.structuredData = facts.structuredData;
  record.mixedContent = facts.mixedContent;
  record.fingerprint = facts.fingerprint;
  // The page's own date beats Last-Modified, which a static site's deploy resets on every file.
  if (facts.modified) record.lastModified = facts.modified;
}

/** The media type of a Content-Type header, lower case, without parameters. */
export function mediaType(header: string | undefined): string | null {
  const type = header?.split(';')[0]?.trim().toLowerCase();
  return type || null;
}

/** The last `Last-Modified` read and its result: a site's pages often share one (its deploy). */
let lastHeader = '';
let lastResult: string | null = null;

/** `Last-Modified` as ISO 8601, or null. */
export function lastModified(header: string | undefined): string | null {
  if (!header) return null;
  if (header === lastHeader) return lastResult;
  const t = Date.parse(header);
  lastHeader = header;
  lastResult = Number.isNaN(t) ? null : new Date(t).toISOString();
  return lastResult;
}
