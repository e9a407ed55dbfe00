// Issue 18 point 7 (requests): a redirect target is fetched once per crawl; the answer the
// redirect was followed to is the target's record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MiniSite, page, startMiniSite } from '../../../../tests/fixtures/mini/mini-site.js';
import { crawlFixture, type FixtureCrawl } from '../../../../tests/fixtures/site/crawl-helper.js';

describe('redirect targets', () => {
  let site: MiniSite;
  let crawl: FixtureCrawl;
  beforeAll(async () => {
    site = await startMiniSite({
      '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nAllow: /\n' },
      '/': {
        body: page(
          'Home',
          '<a href="/docs">Docs</a> <a href="/guide/">Guide</a> <a href="/old-guide">Old guide</a>',
        ),
      },
      '/docs': { location: '/docs/' },
      '/docs/': { body: page('Docs', '<a href="/docs/intro/">Intro</a>') },
      '/docs/intro/': { body: page('Intro', 'intro') },
      '/guide/': { body: page('Guide', 'guide') },
      '/old-guide': { location: '/guide/' },
    });
    crawl = await crawlFixture(`${site.origin}/`);
  });
  afterAll(() => site.close());

  it('are fetched once each', () => {
    const count = (path: string) => site.requests.filter((r) => r === path).length;
    expect(count('/docs')).toBe(1);
    expect(count('/docs/')).toBe(1);
    expect(count('/guide/')).toBe(1);
    expect(count('/old-guide')).toBe(1);
  });

  it('are recorded and listed from the followed answer, their links followed', () => {
    expect(crawl.listed).toEqual([
      `${site.origin}/`,
      `${site.origin}/docs/`,
      `${site.origin}/docs/intro/`,
      `${site.origin}/guide/`,
    ]);
    expect(crawl.pages.get(`${site.origin}/docs/`)).toMatchObject({
      status: 200,
      title: 'Docs',
      foundVia: 'redirect',
      depth: 1,
    });
    expect(crawl.pages.get(`${site.origin}/docs/intro/`)?.depth).toBe(2);
    expect(crawl.pages.get(`${site.origin}/docs`)?.verdict).toMatchObject({
      code: 'redirect',
      reason: 'excluded: 301 -> /docs/',
    });
    expect(crawl.pages.get(`${site.origin}/old-guide`)?.verdict).toMatchObject({
      code: 'redirect',
      reason: 'excluded: 301 -> /guide/',
    });
    expect(crawl.summary.pagesCrawled).toBe(6);
  });
});
