import type { PageRecord } from '../crawler/types.js';
import type { SeoContext } from './types.js';

const HTML = /html/;

/** Indexes a crawl result for the rules. */
export function seoContext(pages: readonly PageRecord[]): SeoContext {
  const all = [...pages];
  const byUrl = new Map<string, PageRecord>();
  for (const page of all) {
    byUrl.set(page.url, page);
    if (!byUrl.has(page.finalUrl)) byUrl.set(page.finalUrl, page);
  }
  return {
    all,
    content: all.filter((p) => p.status === 200 && HTML.test(p.contentType ?? '')),
    linked: all.filter((p) => p.inlinks > 0),
    byUrl,
  };
}
