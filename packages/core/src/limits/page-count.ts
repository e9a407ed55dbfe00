/**
 * What a "page" is, for plan caps, the monthly meter, the SEO analysis and the crawl report:
 * a URL fetched without a redirect that answered 2xx with HTML. Redirects, error answers,
 * robots-blocked URLs, network failures and other file types are recorded and shown in the
 * report, but they are not pages: a free crawl of a site with redirects and 404s gets its 100
 * pages. Defined once here; the crawler, both shells' stores and the SEO analysis use it.
 */
import type { PageRecord } from '../crawler/types.js';
import { HTML_TYPES } from '../crawler/verdict.js';

/** Whether a record counts as a page (against caps and quotas, and in the SEO analysis). */
export function countsAsPage(
  page: Pick<PageRecord, 'status' | 'contentType' | 'redirectChain'>,
): boolean {
  return (
    page.status >= 200 &&
    page.status < 300 &&
    page.redirectChain.length === 0 &&
    HTML_TYPES.has(page.contentType ?? '')
  );
}

/** The sentence the UI and the README use for what caps count. */
export const PAGE_COUNT_RULE =
  'Pages fetched with a 2xx HTML answer count; redirects, errors and robots-blocked URLs do not.';
