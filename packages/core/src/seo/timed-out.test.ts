/**
 * Slow is not broken in the SEO analysis (issue 25 point 3): linked pages that timed out are
 * their own issue, never broken links, and the response-time figures (average and p95) count
 * them at the limit and say so. A real crawl of the fixture site with a 1 s limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlFixture } from '../../../../tests/fixtures/site/crawl-helper.js';
import { type FixtureSite, startFixtureSite } from '../../../../tests/fixtures/site/index.js';
import type { SeoAnalysis } from '../contract/schemas.js';
import type { PageRecord } from '../crawler/types.js';
import { createMemoryStore } from '../store/memory-store.js';
import { seoAnalyzer } from './analyze.js';
import { percentile } from './stats.js';

let site: FixtureSite;
let pages: PageRecord[];
let seo: SeoAnalysis;

beforeAll(async () => {
  site = await startFixtureSite({ pages: 3, features: ['timeouts'], slowMs: 400, lateMs: 3000 });
  const store = createMemoryStore();
  await crawlFixture(site.url, { pageTimeoutMs: 1000, timeoutRetryMs: 300 }, { store });
  pages = [];
  for await (const page of store.pages()) pages.push(page);
  const analyzer = seoAnalyzer();
  for (const page of pages) analyzer.observe(page);
  seo = analyzer.finish();
});
afterAll(() => site.close());

describe('timed-out pages in the SEO analysis', () => {
  it('are their own issue with the limit, not broken links', () => {
    const issue = seo.issues.find((i) => i.rule === 'timed-out');
    expect(issue).toMatchObject({
      severity: 'warning',
      message: '2 pages took longer than 1 s (timed out)',
      count: 2,
      urls: [`${site.origin}/timeout/late`, `${site.origin}/timeout/later`],
    });
    expect(seo.issues.find((i) => i.rule === 'broken-links')).toBeUndefined();
    expect(seo.stats.brokenLinks).toBe(0);
  });

  it('counts them in the average and p95 at the limit, and says so', () => {
    const answered = pages.filter((p) => p.status > 0);
    const times = [...answered.map((p) => p.responseTimeMs), 1000, 1000];
    const mean = Math.round(times.reduce((a, b) => a + b, 0) / times.length);
    expect(seo.stats.avgResponseTime).toBe(mean);
    // Two of the URLs timed out: the p95 is the limit they are counted at.
    expect(seo.stats.p95ResponseTime).toBe(1000);
    expect(seo.stats.timedOutUrls).toBe(2);
    expect(seo.stats.responseTimeNote).toBe(
      `Over ${times.length} URLs, with the 2 that timed out counted at the 1 s limit (their real time is longer).`,
    );
  });
});

describe('percentile', () => {
  it('is the nearest rank', () => {
    expect(percentile([], 95)).toBe(0);
    expect(percentile([5], 95)).toBe(5);
    expect(percentile([10, 1, 2, 3, 4, 5, 6, 7, 8, 9], 95)).toBe(10);
    expect(
      percentile(
        Array.from({ length: 100 }, (_, i) => i + 1),
        95,
      ),
    ).toBe(95);
  });
});
