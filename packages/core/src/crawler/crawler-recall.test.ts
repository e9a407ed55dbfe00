import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlFixture } from '../../../../tests/fixtures/site/crawl-helper.js';
import {
  type FixtureSiteProcess,
  startFixtureSiteProcess,
} from '../../../../tests/fixtures/site/index.js';

describe('the 5,000-page site', () => {
  let site: FixtureSiteProcess;
  beforeAll(async () => {
    site = await startFixtureSiteProcess({ pages: 5000 });
  });
  afterAll(() => site.close());

  it('is crawled with 100% recall and 100% precision', async () => {
    const crawl = await crawlFixture(site.url, {
      maxPages: 10_000,
      concurrency: 16,
      perHostConcurrency: 16,
    });
    const expected = new Set(site.expectedSitemapUrls);
    const listed = new Set(crawl.listed);
    const found = [...expected].filter((u) => listed.has(u)).length;
    expect(found / expected.size).toBe(1);
    expect(found / listed.size).toBe(1);
    expect(crawl.summary).toMatchObject({
      endedBy: 'finished',
      pagesCrawled: 5000,
      included: 5000,
    });
  }, 25_000);
});
