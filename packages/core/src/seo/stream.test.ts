import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlVariedSite } from '../../../../tests/fixtures/site/crawl-helper.js';
import type { FixtureSite } from '../../../../tests/fixtures/site/index.js';
import type { PageRecord } from '../crawler/types.js';
import { seoReadyPage } from '../export/make-page.js';
import { countsAsPage } from '../limits/page-count.js';
import { analyzeSeo, analyzeSeoStream } from './analyze.js';
import { syntheticCrawl } from './synthetic-crawl.js';

async function* slowly(pages: Iterable<PageRecord>): AsyncGenerator<PageRecord> {
  for (const page of pages) {
    await Promise.resolve();
    yield page;
  }
}

const page = seoReadyPage;

let site: FixtureSite;
let crawled: PageRecord[] = [];
beforeAll(async () => {
  ({ site, pages: crawled } = await crawlVariedSite());
});
afterAll(() => site.close());

describe('streaming SEO analysis', () => {
  it('gives the array form’s analysis on a real fixture crawl', async () => {
    const streamed = await analyzeSeoStream(slowly(crawled));
    expect(streamed).toEqual(analyzeSeo(crawled));
    expect(streamed.issues.map((i) => i.rule)).toContain('broken-links');
  });

  it('gives the array form’s analysis on a varied synthetic crawl', async () => {
    const pages = [...syntheticCrawl(20_000, 7)];
    const streamed = await analyzeSeoStream(slowly(syntheticCrawl(20_000, 7)));
    expect(streamed).toEqual(analyzeSeo(pages));
    expect(streamed.issues.length).toBeGreaterThanOrEqual(15);
    // Only 2xx HTML records are pages; the synthetic crawl has redirects and errors too.
    expect(streamed.stats.totalPages).toBe(pages.filter(countsAsPage).length);
    expect(streamed.stats.totalPages).toBeGreaterThan(15_000);
  });

  it('lists 50 URLs but counts every affected page in the message and the points', () => {
    const pages = Array.from({ length: 200 }, (_, i) =>
      page(`/${i}`, i < 120 ? { title: null } : {}),
    );
    const issue = analyzeSeo(pages).issues.find((i) => i.rule === 'missing-title');
    expect(issue?.message).toBe('120 pages have no title');
    expect(issue?.urls).toHaveLength(50);
    expect(issue?.urls?.[49]).toBe('https://a.example/49');
    // 10 × (0.25 + 0.75 × 120/200)
    expect(issue?.points).toBe(7);
  });

  it('lists duplicates by their first page even when the duplicate comes much later', async () => {
    const unique = Array.from({ length: 300 }, (_, i) => page(`/${i}`, { title: `Title ${i}` }));
    const late = [page('/x', { title: 'title 250' }), page('/y', { title: 'TITLE 10 ' })];
    const result = await analyzeSeoStream(slowly([...unique, ...late]));
    const issue = result.issues.find((i) => i.rule === 'duplicate-title');
    expect(issue?.message).toBe('4 pages share 2 duplicate titles');
    expect(issue?.urls).toEqual([
      'https://a.example/10',
      'https://a.example/y',
      'https://a.example/250',
      'https://a.example/x',
    ]);
  });

  it('resolves a canonical whose target is crawled after the page naming it', async () => {
    const pages = [
      page('/a', { canonical: 'https://a.example/b' }),
      page('/c', { canonical: 'https://a.example/d' }),
      page('/b', { status: 404, inlinks: 0 }),
      page('/d'),
    ];
    const result = await analyzeSeoStream(slowly(pages));
    const issue = result.issues.find((i) => i.rule === 'canonical-conflicts');
    expect(issue?.urls).toEqual(['https://a.example/a']);
  });
});
