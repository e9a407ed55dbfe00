import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlFixture, type FixtureCrawl } from '../../../../tests/fixtures/site/crawl-helper.js';
import { CHARSET_TITLES } from '../../../../tests/fixtures/site/features-charset.js';
import {
  ALL_FEATURES,
  type FixtureSite,
  startFixtureSite,
} from '../../../../tests/fixtures/site/index.js';
import { USER_AGENT } from '../version.js';

describe('a static crawl of a site with every behaviour', () => {
  let site: FixtureSite;
  let crawl: FixtureCrawl;
  const page = (path: string) => {
    const record = crawl.pages.get(`${site.origin}${path}`);
    if (!record) throw new Error(`no record for ${path}`);
    return record;
  };

  beforeAll(async () => {
    site = await startFixtureSite({ pages: 60, features: ALL_FEATURES, slowMs: 200 });
    crawl = await crawlFixture(site.url);
  });
  afterAll(() => site.close());

  it('lists exactly the URLs a correct sitemap lists', () => {
    expect(crawl.listed).toEqual(site.expectedStaticSitemapUrls);
    expect(crawl.summary.endedBy).toBe('finished');
    expect(crawl.summary.included).toBe(site.expectedStaticSitemapUrls.length);
  });

  it('reads titles in the encoding a meta tag declares when the header names none', () => {
    for (const [path, title] of Object.entries(CHARSET_TITLES)) {
      expect(page(path).title).toBe(title);
      expect(page(path).h1).toBe(title);
    }
  });

  it('writes the verdicts of decisions.md', () => {
    expect(page('/r/301').verdict).toEqual({
      included: false,
      code: 'redirect',
      reason: 'excluded: 301 -> /to/301',
    });
    expect(page('/r/chain/1').verdict).toMatchObject({ reason: 'excluded: 301 -> /to/chain' });
    expect(page('/dir').verdict).toMatchObject({ reason: 'excluded: 301 -> /dir/' });
    expect(page('/canonical/dup').verdict).toMatchObject({
      code: 'canonical',
      reason: 'excluded: canonical -> /canonical/main',
    });
    expect(page('/canonical/header').verdict).toMatchObject({
      reason: 'excluded: canonical -> /canonical/main',
    });
    expect(page('/noindex/meta').verdict).toMatchObject({
      code: 'noindex',
      reason: 'excluded: noindex',
    });
    expect(page('/noindex/header').verdict).toMatchObject({ reason: 'excluded: noindex' });
    expect(page('/noindex/bot').verdict).toMatchObject({ reason: 'excluded: noindex' });
    expect(page('/noindex/googlebot').verdict).toEqual({ included: true });
    expect(page('/private/secret').verdict).toMatchObject({
      code: 'robots',
      reason: 'blocked by robots.txt',
    });
    expect(page('/e/404').verdict).toMatchObject({ code: 'status', reason: 'excluded: 404' });
    expect(page('/e/410').verdict).toMatchObject({ reason: 'excluded: 410' });
    expect(page('/e/500').verdict).toMatchObject({ reason: 'excluded: 500' });
    expect(page('/e/503').verdict).toMatchObject({ reason: 'excluded: 503' });
    expect(page('/docs/data.json').verdict).toMatchObject({ code: 'content-type' });
    expect(page('/docs/guide.pdf').verdict).toEqual({ included: true });
    expect(page('/trap/facets?color=red&size=m&sort=price').verdict).toMatchObject({
      code: 'query',
    });
    expect(crawl.summary.excluded.robots).toBe(1);
  });

  it('follows redirects, records the chain and stops loops and long chains', () => {
    expect(page('/r/chain/1').redirectChain.map((h) => h.status)).toEqual([301, 302, 308]);
    expect(page('/r/chain/1').finalUrl).toBe(`${site.origin}/to/chain`);
    expect(page('/to/chain').foundVia).toBe('redirect');
    expect(page('/r/loop/a').error).toBe('redirect loop');
    expect(page('/r/long/1').error).toContain('more than 5 redirects');
    expect(site.hits('/to/long')).toBe(0);
    expect(page('/r/to-private').verdict).toMatchObject({
      reason: 'excluded: 301 -> /private/secret',
    });
    expect(page('/r/to-private').error).toBeNull();
  });

  it('never fetches robots-blocked, nofollow or download URLs, nor other hosts', () => {
    expect(site.hits('/private/secret')).toBe(0);
    expect(site.hits('/private/inner')).toBe(0);
    expect(site.hits('/private/open')).toBe(1);
    expect(site.hits('/disc/nofollowed')).toBe(0);
    expect(site.hits('/disc/file.zip')).toBe(0);
    expect(site.hits('/disc/other-host')).toBe(0);
    expect(crawl.summary.pruned.scope).toBeGreaterThanOrEqual(1);
  });

  it('retries 429, 5xx and resets at most twice', () => {
    expect(site.hits('/e/flaky')).toBe(3);
    expect(site.hits('/e/429')).toBe(2);
    expect(site.hits('/e/500')).toBe(3);
    expect(site.hits('/e/404')).toBe(1);
    expect(page('/e/reset')).toMatchObject({ status: 0, verdict: { code: 'error' } });
  });

  it('extracts the page fields', () => {
    const p0 = page('/p/2');
    expect(p0).toMatchObject({
      status: 200,
      contentType: 'text/html',
      title: 'Page 2 | Fixture',
      h1: 'Page 2',
      metaDescription: 'Fixture page number 2.',
    });
    expect(p0.canonical).toBe(`${site.origin}/p/2`);
    expect(p0.lastModified).toBe('2026-01-03T00:00:00.000Z');
    expect(p0.depth).toBe(1);
    expect(p0.images).toEqual([{ src: `${site.origin}/img/2.png`, alt: 'Picture 2' }]);
    const images = page('/media/images').images;
    expect(images.map((i) => [i.src.replace(site.origin, ''), i.alt])).toEqual([
      ['/img/a.png', 'Alpha'],
      ['/img/b.png', null],
      ['/img/c.png', ''],
      ['/img/d.png', 'Delta'],
      ['/img/d2.webp', 'Delta'],
    ]);
    const videos = page('/media/video').videos;
    expect(videos).toHaveLength(3);
    expect(videos[0]).toMatchObject({
      contentUrl: `${site.origin}/v/clip.mp4`,
      thumbnailUrl: `${site.origin}/v/poster.jpg`,
      title: 'Fixture clip',
    });
    expect(videos[1]).toMatchObject({ playerUrl: 'https://www.youtube.com/embed/abc123' });
    expect(videos[2]).toMatchObject({
      title: 'Launch video',
      description: 'How the launch went.',
      durationSeconds: 90,
      publicationDate: '2026-02-01',
      contentUrl: `${site.origin}/v/launch.mp4`,
    });
    expect(page('/structured/jsonld').structuredData).toEqual({
      jsonLd: true,
      microdata: false,
      types: ['Article', 'BreadcrumbList'],
    });
    expect(page('/structured/microdata').structuredData).toMatchObject({
      microdata: true,
      types: ['Product'],
    });
    expect(page('/hreflang/en').hreflang.map((h) => h.hreflang)).toEqual([
      'en',
      'de',
      'fr',
      'x-default',
    ]);
    expect(page('/hreflang/fr').foundVia).toBe('alternate');
    expect(page('/noindex/header').robots).toMatchObject({
      header: ['noindex', 'nofollow'],
      noindex: true,
      nofollow: true,
    });
    expect(page('/slow/page').responseTimeMs).toBeGreaterThanOrEqual(190);
  });

  it('finds links in base href, area, rel=next/prev, iframes and sitemaps', () => {
    for (const path of [
      '/disc/sub/target',
      '/disc/area-target',
      '/disc/next',
      '/disc/prev',
      '/disc/frame-target',
    ])
      expect(page(path).verdict).toEqual({ included: true });
    expect(page('/orphan/1').foundVia).toBe('sitemap');
    expect(page('/orphan/3').depth).toBe(1);
    expect(page('/orphan/4').foundVia).toBe('sitemap');
  });

  it('bounds the traps and says which bound pruned', () => {
    // 10 facet combinations, and the endless calendar's next month either way: without a
    // depth limit (the default) the query-variants bound is what stops it.
    expect(crawl.summary.pruned['query-variants']).toBe(12);
    expect(crawl.summary.pruned['repeated-segments']).toBe(1);
    expect(crawl.summary.pruned['url-length']).toBe(1);
    expect(crawl.summary.pruned.depth).toBeUndefined();
    expect([...crawl.pages.keys()].filter((u) => u.includes('/trap/session'))).toEqual([
      `${site.origin}/trap/session`,
    ]);
  });

  it('caps bodies at 10 MiB after decoding, gzip bombs included', () => {
    expect(page('/big')).toMatchObject({ bytes: 10 * 1024 * 1024, verdict: { included: true } });
    expect(page('/big').error).toContain('cut');
    expect(page('/big/bomb').bytes).toBe(10 * 1024 * 1024);
    expect(site.hits('/big/after')).toBe(0);
    expect(site.hits('/big/bomb-after')).toBe(0);
  });

  it('identifies itself as MapsmithBot', () => {
    expect(new Set(site.requests().map((r) => r.userAgent))).toEqual(new Set([USER_AGENT]));
  });

  it('streams progress events and one done event last', () => {
    const progress = crawl.events.filter((e) => e.type === 'progress');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ pagesCrawled: crawl.summary.pagesCrawled, queued: 0 });
    expect(crawl.events.at(-1)?.type).toBe('done');
    // One page event per recorded URL, and one per URL outside the site that pages link to.
    const outside = [...crawl.pages.values()].filter(
      (p) => p.verdict.included === false && p.verdict.code === 'out-of-scope',
    );
    expect(crawl.events.filter((e) => e.type === 'page')).toHaveLength(
      crawl.summary.pagesCrawled + outside.length,
    );
  });
});

describe('crawl options', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 30, features: ['discovery', 'traps'] });
  });
  afterAll(() => site.close());

  it('follows nofollow links and lists query URLs when asked', async () => {
    const crawl = await crawlFixture(site.url, { followNofollow: true, listQueryUrls: true });
    expect(crawl.pages.get(`${site.origin}/disc/nofollowed`)?.verdict).toEqual({ included: true });
    expect(crawl.listed).toContain(`${site.origin}/trap/calendar?month=2026-02`);
  });

  it('applies include and exclude patterns', async () => {
    const crawl = await crawlFixture(site.url, {
      exclude: ['/trap/*', '/disc/*'],
      include: ['/p/*', '/'],
    });
    expect(
      [...crawl.pages.keys()].every((u) => !u.includes('/trap/') && !u.includes('/disc/')),
    ).toBe(true);
    expect(crawl.listed).toHaveLength(30);
    expect(crawl.summary.pruned.pattern).toBeGreaterThan(0);
  });

  it('stops at the page limit and at the depth limit', async () => {
    const limited = await crawlFixture(site.url, { maxPages: 7 });
    expect(limited.summary).toMatchObject({ pagesCrawled: 7, endedBy: 'page-limit' });
    expect(limited.summary.pruned['page-limit']).toBeGreaterThan(0);
    const shallow = await crawlFixture(site.url, { maxDepth: 1 });
    const crawled = [...shallow.pages.values()].filter((p) => p.status > 0);
    expect(Math.max(...crawled.map((p) => p.depth))).toBe(1);
    expect(shallow.summary.pruned.depth).toBeGreaterThan(0);
  });
});
