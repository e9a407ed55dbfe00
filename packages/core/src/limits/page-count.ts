/**
 * What a "page" is, for plan caps, the monthly meter, the SEO analysis and the crawl report:
 * a URL fetched without a redirect that answered 2xx with HTML. Redirects, error answers,
 * robots-blocked URLs, network failures and other file types are recorded and shown in the
 * report, but they are not pages: a free crawl of a site with redirects and 404s gets its 100
 * pages. Defined once here; the crawler, both shells' stores and the SEO analysis use it.
 */
import { isHtmlType } from '../contract/listable-types.js';
import type { PageRecord } from '../crawler/types.js';

/** Whether a record counts as a page (against caps and quotas, and in the SEO analysis). */
export function countsAsPage(
  page: Pick<PageRecord, 'status' | 'contentType' | 'redirectChain'>,
): boolean {
  return (
    page.status >= 200 &&
    page.status < 300 &&
    page.redirectChain.length === 0 &&
    isHtmlType(page.contentType)
  );
}

/**
 * URLs a crawl records at most for each page of its cap. Redirects, errors and blocked URLs do
 * not count against the cap, so without this a site of endless redirects or 404s would be
 * fetched until the time limit; ten per page leaves room for any real site's share of them.
 */
export const URLS_PER_PAGE = 10;

/** The most URLs (fetched or decided, redirects and errors included) a crawl of `maxPages` records. */
export function urlLimit(maxPages: number): number {
  return maxPages * URLS_PER_PAGE;
}

/**
 * What counts as a page, in plain words, for the one place the UI says it (the results' "What
 * counts as a page?"; walkthrough defect 37: it was a nested footnote under every result).
 */
export const PAGE_COUNT_RULE = `A page is a URL that answered with an HTML page. Redirects, errors and URLs that robots.txt blocks are in the report, but they do not count. A crawl looks at no more than ${URLS_PER_PAGE} URLs for each page it may count.`;
