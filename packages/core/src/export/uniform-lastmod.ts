import { SAME_LASTMOD_MIN_URLS } from '../checker/rules/lastmod.js';
import type { PageRecord } from '../crawler/types.js';
import { w3cDate } from './dates.js';

/** The note the results show when exports leave lastmod out (issue 25 point 6). */
export const UNIFORM_LASTMOD_NOTE =
  'lastmod left out of every format: every page reported the same date, which says when the site was deployed, not when each page changed.';

/**
 * Watches listed pages one at a time for "every page carries the same Last-Modified date", as
 * on a site deployed at once. That date says when the deploy happened, not when each page
 * changed, and the checker warns about a sitemap whose lastmod is the same everywhere; every
 * export format then leaves lastmod out (`ExportOptions.omitLastmod`), and the crawl's outcome
 * says why. The one rule for the exports and the results.
 */
export class UniformLastmod {
  private first: string | null = null;
  private count = 0;
  private mixed = false;

  /** Takes one record into account (only listed ones matter); false once it cannot be uniform. */
  observe(page: PageRecord): boolean {
    if (this.mixed || !page.verdict.included) return !this.mixed;
    const date = w3cDate(page.lastModified);
    if (date === null || (this.first !== null && date !== this.first)) this.mixed = true;
    else {
      this.first = date;
      this.count++;
    }
    return !this.mixed;
  }

  /** Whether every listed page seen carries the same date (and there are enough of them). */
  get uniform(): boolean {
    return !this.mixed && this.count >= SAME_LASTMOD_MIN_URLS;
  }
}

/**
 * True when every listed page carries the same Last-Modified date (see `UniformLastmod`). A
 * pre-pass: call it on a fresh iteration of the pages; it stops at the first other date.
 */
export async function hasUniformLastmod(
  pages: Iterable<PageRecord> | AsyncIterable<PageRecord>,
): Promise<boolean> {
  const rule = new UniformLastmod();
  for await (const page of pages) if (!rule.observe(page)) return false;
  return rule.uniform;
}

/** The page as every format lists it when `omit` is set: without its (uninformative) lastmod. */
export function withoutLastmod(page: PageRecord, omit: boolean | undefined): PageRecord {
  return omit && page.lastModified !== null ? { ...page, lastModified: null } : page;
}
