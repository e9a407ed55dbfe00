import type { PageRecord } from '../crawler/types.js';
import { w3cDate } from './dates.js';

/** Fewer listed pages than this never count as "one date on every URL" (the checker's rule). */
const MIN_PAGES = 3;

/**
 * True when every listed page carries the same Last-Modified date, as on a site deployed at
 * once. That date says when the deploy happened, not when each page changed, and the checker
 * warns about a sitemap whose lastmod is the same everywhere; exports then leave lastmod out
 * (`ExportOptions.omitLastmod`). A pre-pass: call it on a fresh iteration of the pages.
 */
export async function hasUniformLastmod(
  pages: Iterable<PageRecord> | AsyncIterable<PageRecord>,
): Promise<boolean> {
  let first: string | null = null;
  let count = 0;
  for await (const page of pages) {
    if (!page.verdict.included) continue;
    const date = w3cDate(page.lastModified);
    if (date === null) return false;
    if (first === null) first = date;
    else if (date !== first) return false;
    count++;
  }
  return count >= MIN_PAGES;
}

/** The page as a sitemap lists it when `omit` is set: without its (uninformative) lastmod. */
export function withoutLastmod(page: PageRecord, omit: boolean | undefined): PageRecord {
  return omit && page.lastModified !== null ? { ...page, lastModified: null } : page;
}
