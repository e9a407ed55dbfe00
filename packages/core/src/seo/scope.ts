import type { PageRecord } from '../crawler/types.js';
import { isOutside } from '../crawler/verdict.js';
import { countsAsPage } from '../limits/page-count.js';

/**
 * A page with content: fetched without a redirect, answering 2xx with HTML (`countsAsPage`, the
 * one definition of a page), and not a client-side redirect. Redirects and error answers are not
 * "pages without a title".
 */
export function isContent(page: PageRecord): boolean {
  return countsAsPage(page) && !page.clientRedirect;
}

/**
 * A URL of the site that other pages of the site link to (inlinks above 0): an internal link.
 * URLs outside the site are report rows, never fetched, so never broken or redirecting links.
 */
export function isLinked(page: PageRecord): boolean {
  return page.inlinks > 0 && !isOutside(page);
}
