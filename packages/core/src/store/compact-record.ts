/**
 * A compact text form of PageRecord for the memory store: only the fields that differ from a
 * typical record are written (most pages have no redirects, videos, hreflang or errors), which
 * halves a 100,000-page crawl's heap. `expandRecord` restores the full record, fields in order.
 */
import type { PageRecord } from '../crawler/types.js';

type Defaults = Omit<PageRecord, 'url' | 'finalUrl'>;

const DEFAULTS: Defaults = {
  redirectChain: [],
  status: 200,
  contentType: 'text/html',
  bytes: 0,
  responseTimeMs: 0,
  depth: 0,
  inlinks: 0,
  linkedFrom: [],
  foundVia: 'link',
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
  verdict: { included: true },
  error: null,
};

const FIELDS = Object.keys(DEFAULTS) as (keyof Defaults)[];
const DEFAULT_JSON = new Map(FIELDS.map((f) => [f, JSON.stringify(DEFAULTS[f])]));

/** Writes the fields of `page` that differ from the defaults; `key` stands in for an equal url. */
export function compactRecord(key: string, page: PageRecord): string {
  const out: Record<string, unknown> = {};
  if (page.url !== key) out.url = page.url;
  if (page.finalUrl !== page.url) out.finalUrl = page.finalUrl;
  for (const field of FIELDS) {
    const value = page[field];
    const simple = value === null || typeof value !== 'object';
    if (simple ? value !== DEFAULTS[field] : JSON.stringify(value) !== DEFAULT_JSON.get(field))
      out[field] = value;
  }
  return JSON.stringify(out);
}

/** Restores the full record saved under `key` from its compact form. */
export function expandRecord(key: string, text: string): PageRecord {
  const stored = JSON.parse(text) as Partial<PageRecord>;
  const url = stored.url ?? key;
  const page: Record<string, unknown> = { url, finalUrl: stored.finalUrl ?? url };
  for (const field of FIELDS)
    page[field] = field in stored ? stored[field] : JSON.parse(DEFAULT_JSON.get(field) as string);
  return page as unknown as PageRecord;
}
