import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlFixture } from '../../../../tests/fixtures/site/crawl-helper.js';
import { type FixtureSite, startFixtureSite } from '../../../../tests/fixtures/site/index.js';
import type { CrawlStore } from '../ports/crawl-store.js';
import { createMemoryStore } from '../store/memory-store.js';

/**
 * A memory store whose `take` answers `delayMs` after it read the frontier, as a database
 * on a loaded machine does: the pages in flight meanwhile finish and queue their links.
 */
function lateTakeStore(delayMs: number): CrawlStore {
  const store = createMemoryStore();
  const take = store.take.bind(store);
  store.take = async (limit) => {
    const entries = await take(limit);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return entries;
  };
  return store;
}

let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite({ pages: 40 });
});
afterAll(async () => {
  await site.close();
});

describe('a frontier that answers late', () => {
  it('crawls every page: links queued while an empty take was answering are taken next', async () => {
    const crawl = await crawlFixture(
      site.url,
      { concurrency: 4, useSitemaps: false },
      { store: lateTakeStore(40) },
    );
    expect(crawl.summary.endedBy).toBe('finished');
    expect(crawl.listed).toEqual(site.expectedStaticSitemapUrls);
  });
});
