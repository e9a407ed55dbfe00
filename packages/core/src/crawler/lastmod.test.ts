// Issue 18 point 7 (lastmod): a page's own modification date beats the deploy time a static
// site's Last-Modified header carries, read in the documented order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MiniSite, page, startMiniSite } from '../../../../tests/fixtures/mini/mini-site.js';
import { crawlFixture, type FixtureCrawl } from '../../../../tests/fixtures/site/crawl-helper.js';

const DEPLOY = 'Wed, 01 Oct 2025 12:00:00 GMT';
const headers = { 'last-modified': DEPLOY };

describe('lastmod', () => {
  let site: MiniSite;
  let crawl: FixtureCrawl;
  const lastmod = (path: string) => crawl.pages.get(`${site.origin}${path}`)?.lastModified;
  beforeAll(async () => {
    site = await startMiniSite({
      '/': {
        headers,
        body: page(
          'Home',
          ['/meta', '/jsonld', '/time-prop', '/article', '/order', '/none', '/bad']
            .map((p) => `<a href="${p}">${p}</a>`)
            .join(' '),
        ),
      },
      '/meta': {
        headers,
        body: page(
          'Meta',
          '',
          '<meta property="article:modified_time" content="2024-03-05T10:00:00+01:00">',
        ),
      },
      '/jsonld': {
        headers,
        body: page(
          'JSON-LD',
          '',
          '<script type="application/ld+json">{"@type":"BlogPosting","datePublished":"2023-01-01","dateModified":"2024-02-01"}</script>',
        ),
      },
      '/time-prop': {
        headers,
        body: page(
          'Time',
          '<p>Updated <time itemprop="dateModified" datetime="2024-01-15">Jan 15</time></p>',
        ),
      },
      '/article': {
        headers,
        body: page(
          'Article',
          '<time datetime="2020-01-01">nav</time><article><h1>Post</h1><time datetime="2023-06-30">June 30</time></article>',
        ),
      },
      '/order': {
        headers,
        body: page(
          'Order',
          '<article><time datetime="2021-01-01">x</time></article>',
          '<meta property="article:modified_time" content="2024-04-04"><script type="application/ld+json">{"dateModified":"2022-02-02"}</script>',
        ),
      },
      '/none': { headers, body: page('None', '<p>No date here.</p>') },
      '/bad': {
        headers,
        body: page('Bad', '', '<meta property="article:modified_time" content="last tuesday">'),
      },
    });
    crawl = await crawlFixture(`${site.origin}/`);
  });
  afterAll(() => site.close());

  it('reads the date the page states, in the documented order', () => {
    expect(lastmod('/meta')).toBe('2024-03-05T09:00:00.000Z');
    expect(lastmod('/jsonld')).toBe('2024-02-01T00:00:00.000Z');
    expect(lastmod('/time-prop')).toBe('2024-01-15T00:00:00.000Z');
    expect(lastmod('/article')).toBe('2023-06-30T00:00:00.000Z');
    expect(lastmod('/order')).toBe('2024-04-04T00:00:00.000Z');
  });

  it('falls back to Last-Modified when the page states no usable date', () => {
    const deploy = new Date(DEPLOY).toISOString();
    expect(lastmod('/none')).toBe(deploy);
    expect(lastmod('/bad')).toBe(deploy);
  });
});
