import { blankRecord } from '../crawler/page-record.js';
import type { PageRecord } from '../crawler/types.js';

/**
 * A complete, included 200 HTML PageRecord for `url`, with `fields` laid over it. For tests,
 * benchmarks and fixtures that need crawl results without running a crawl.
 */
export function makePage(url: string, fields: Partial<PageRecord> = {}): PageRecord {
  return {
    ...blankRecord({ url, depth: 1, foundVia: 'link' }),
    status: 200,
    contentType: 'text/html',
    bytes: 1000,
    responseTimeMs: 100,
    inlinks: 1,
    canonical: url,
    verdict: { included: true },
    ...fields,
  };
}

/**
 * A page of `https://a.example` that no SEO rule objects to (title, description, h1 and
 * structured data in place), with `fields` laid over it: the baseline SEO tests spoil.
 */
export function seoReadyPage(path: string, fields: Partial<PageRecord> = {}): PageRecord {
  return makePage(`https://a.example${path}`, {
    title: `A good title for ${path}`,
    metaDescription: `A description of ${path} that is long enough to be a useful snippet in results.`,
    h1: `Heading ${path}`,
    structuredData: { jsonLd: true, microdata: false, types: ['WebPage'] },
    ...fields,
  });
}
