// Issue 18 point 7 (depth): a blog's pagination runs deeper than 10 clicks; the default crawl
// follows it to the end, and a crawl a bound cut short says which bound and how many URLs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MiniSite, page, startMiniSite } from '../../../../tests/fixtures/mini/mini-site.js';
import { crawlFixture } from '../../../../tests/fixtures/site/crawl-helper.js';

const PAGES = 15;

describe('pagination deeper than 10 clicks', () => {
  let site: MiniSite;
  beforeAll(async () => {
    const routes: Record<string, { body: string }> = {
      '/': { body: page('Blog', '<a href="/page/1">Older posts</a>') },
    };
    for (let i = 1; i <= PAGES; i++)
      routes[`/page/${i}`] = {
        body: page(`Blog page ${i}`, i < PAGES ? `<a href="/page/${i + 1}">Older posts</a>` : ''),
      };
    site = await startMiniSite(routes);
  });
  afterAll(() => site.close());

  it('is crawled to the last page by default', async () => {
    const crawl = await crawlFixture(`${site.origin}/`);
    expect(crawl.listed).toContain(`${site.origin}/page/${PAGES}`);
    expect(crawl.listed).toHaveLength(PAGES + 1);
    expect(crawl.summary.notes).toBeUndefined();
  });

  it('says how many URLs a depth limit left', async () => {
    const crawl = await crawlFixture(`${site.origin}/`, { maxDepth: 3 });
    expect(crawl.listed).toHaveLength(4);
    expect(crawl.summary).toMatchObject({ endedBy: 'finished', pruned: { depth: 1 } });
    expect(crawl.summary.notes).toEqual(['1 URL deeper than 3 was not crawled']);
  });
});
