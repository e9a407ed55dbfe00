import type { PageRecord } from '../crawler/types.js';

const HTML = /html/;

/** A page with content: HTML that answered 200 (the pages titles and descriptions matter for). */
export function isContent(page: PageRecord): boolean {
  return page.status === 200 && HTML.test(page.contentType ?? '');
}

/** A URL other pages of the site link to (inlinks above 0). */
export function isLinked(page: PageRecord): boolean {
  return page.inlinks > 0;
}
