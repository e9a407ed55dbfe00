// Issue 18 point 1: seeding reads every sitemap form the protocol allows, from robots.txt
// Sitemap lines and /sitemap.xml, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MiniSite, page, startMiniSite } from '../../../../tests/fixtures/mini/mini-site.js';
import { crawlFixture, type FixtureCrawl } from '../../../../tests/fixtures/site/crawl-helper.js';

const ORPHANS = ['text', 'textgz', 'rss', 'atom', 'prefixed'];

describe('sitemap seeding', () => {
  let site: MiniSite;
  let crawl: FixtureCrawl;
  beforeAll(async () => {
    const routes: Parameters<typeof startMiniSite>[0] = {
      '/robots.txt': (o) => ({
        type: 'text/plain',
        body: `User-agent: *\nAllow: /\nSitemap: ${o}/sitemap.txt\nSitemap: ${o}/pages.txt.gz\nSitemap: ${o}/feed.xml\nSitemap: /atom.xml\n`,
      }),
      '/': { body: page('Home', 'no links') },
      '/sitemap.txt': (o) => ({ type: 'text/plain', body: `${o}/\n${o}/orphan/text\n` }),
      '/pages.txt.gz': (o) => ({
        type: 'application/gzip',
        body: `${o}/orphan/textgz\n`,
        gzipFile: true,
      }),
      '/feed.xml': (o) => ({
        type: 'application/rss+xml',
        body: `<?xml version="1.0"?><rss version="2.0"><channel><title>Blog</title><link>${o}/</link><item><title>Post</title><link>${o}/orphan/rss</link></item></channel></rss>`,
      }),
      '/atom.xml': (o) => ({
        type: 'application/atom+xml',
        body: `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Blog</title><entry><title>Post</title><link rel="alternate" href="${o}/orphan/atom"/></entry></feed>`,
      }),
      '/sitemap.xml': (o) => ({
        type: 'application/xml',
        body: `<?xml version="1.0"?><sit:urlset xmlns:sit="http://www.sitemaps.org/schemas/sitemap/0.9"><sit:url><sit:loc>${o}/orphan/prefixed</sit:loc></sit:url></sit:urlset>`,
      }),
    };
    for (const o of ORPHANS) routes[`/orphan/${o}`] = { body: page(`Orphan ${o}`, '') };
    site = await startMiniSite(routes);
    crawl = await crawlFixture(`${site.origin}/`);
  });
  afterAll(() => site.close());

  it('reads text, gzipped text, RSS, Atom and namespace-prefixed sitemaps', () => {
    expect(crawl.listed).toEqual([
      `${site.origin}/`,
      ...ORPHANS.map((o) => `${site.origin}/orphan/${o}`).sort(),
    ]);
    for (const o of ORPHANS)
      expect(crawl.pages.get(`${site.origin}/orphan/${o}`)?.foundVia, o).toBe('sitemap');
  });
});
