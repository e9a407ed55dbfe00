/**
 * A compact text form of PageRecord for the memory store: only the fields that differ from a
 * typical record are written (most pages have no redirects, videos, hreflang or errors), which
 * halves a 100,000-page crawl's heap. `expandRecord` restores the full record, fields in order.
 */
import { blankRecord } from '../crawler/page-record.js';
import type { PageRecord } from '../crawler/types.js';

/** A typical record: a fetched, listed HTML page with nothing unusual about it. */
const {
  url: _url,
  finalUrl: _finalUrl,
  ...DEFAULTS
}: PageRecord = {
  ...blankRecord({ url: '', depth: 0, foundVia: 'link' }),
  status: 200,
  contentType: 'text/html',
  verdict: { included: true },
};

const FIELDS = Object.keys(DEFAULTS) as (keyof typeof DEFAULTS)[];
const DEFAULT_JSON = new Map(FIELDS.map((f) => [f, JSON.stringify(DEFAULTS[f])]));
/** The fields of every record; optional fields (`timedOut`, `clientRedirect`) are written only when present. */
const ALWAYS = new Set<string>(['url', 'finalUrl', ...FIELDS]);
/** Fields whose default is an empty array: they differ exactly when they hold something. */
const EMPTY_LISTS = new Set(FIELDS.filter((f) => DEFAULT_JSON.get(f) === '[]'));

/** Writes the fields of `page` that differ from the defaults; `key` stands in for an equal url. */
export function compactRecord(key: string, page: PageRecord): string {
  const out: Record<string, unknown> = {};
  if (page.url !== key) out.url = page.url;
  if (page.finalUrl !== page.url) out.finalUrl = page.finalUrl;
  for (const field of FIELDS) {
    const value = page[field];
    const simple = value === null || typeof value !== 'object';
    // A list is compared by its length, not serialised twice (images, links on every page).
    const differs = simple
      ? value !== DEFAULTS[field]
      : EMPTY_LISTS.has(field) && Array.isArray(value)
        ? value.length > 0
        : JSON.stringify(value) !== DEFAULT_JSON.get(field);
    if (differs) out[field] = value;
  }
  for (const [field, value] of Object.entries(page))
    if (!ALWAYS.has(field) && value !== undefined) out[field] = value;
  return JSON.stringify(out);
}

/** Restores the full record saved under `key` from its compact form. */
export function expandRecord(key: string, text: string): PageRecord {
  const stored = JSON.parse(text) as Partial<PageRecord>;
  const url = stored.url ?? key;
  const page: Record<string, unknown> = { url, finalUrl: stored.finalUrl ?? url };
  for (const field of FIELDS)
    page[field] = field in stored ? stored[field] : JSON.parse(DEFAULT_JSON.get(field) as string);
  for (const [field, value] of Object.entries(stored)) if (!ALWAYS.has(field)) page[field] = value;
  return page as unknown as PageRecord;
}
