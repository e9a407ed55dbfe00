import type { PageRecord } from '@mapsmith/core';

/** A page record as the crawler writes it, for store tests that need rows without a crawl. */
export function pageRecord(url: string, fields: Partial<PageRecord> = {}): PageRecord {
  return {
    url,
    finalUrl: url,
    redirectChain: [],
    status: 200,
    contentType: 'text/html',
    bytes: 1000,
    responseTimeMs: 12,
    depth: 1,
    inlinks: 1,
    linkedFrom: [],
    foundVia: 'link',
    title: `Title of ${url}`,
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
    verdict: { included: true },
    error: null,
    ...fields,
  };
}
