import { describe, expect, it } from 'vitest';
import type { PageRecord } from '../crawler/types.js';
import { exportFileName, exportPartName } from './file-names.js';
import { jsonExport } from './json-schema.js';
import { makePage } from './make-page.js';
import { renderExport } from './render.js';
import type { SkippedEntry } from './types.js';

const video = {
  contentUrl: 'https://example.com/v.mp4',
  playerUrl: null,
  thumbnailUrl: 'https://example.com/v.jpg',
  title: 'A video',
  description: 'What it shows',
  durationSeconds: 61.4,
  publicationDate: '2024-03-01T00:00:00Z',
};

const site: PageRecord[] = [
  makePage('https://example.com/', {
    title: 'Home',
    depth: 0,
    lastModified: '2024-05-01T10:00:00Z',
  }),
  makePage('https://example.com/blog/a?x=1&y=2', { title: 'Tom & "Jerry" <3> it\'s', depth: 1 }),
  makePage('https://example.com/gone', {
    status: 404,
    verdict: { included: false, code: 'status', reason: 'excluded: 404' },
  }),
  makePage('https://bücher.example/straße/ü', { title: 'Bücher' }),
  makePage('https://example.com/pics', {
    images: [
      { src: 'https://example.com/a.png', alt: 'a' },
      { src: 'https://example.com/a.png', alt: 'dup' },
      { src: 'https://example.com/b&c.png', alt: null },
    ],
    videos: [video, { ...video, thumbnailUrl: null, contentUrl: 'https://example.com/bad.mp4' }],
  }),
];

describe('xml', () => {
  const xml = renderExport('xml', site);

  it('lists only included pages, with lastmod only when known', () => {
    expect(xml).not.toContain('/gone');
    expect(xml.match(/<url>/g)).toHaveLength(4);
    expect(xml).toContain(
      '<loc>https://example.com/</loc><lastmod>2024-05-01T10:00:00+00:00</lastmod>',
    );
    expect(xml.match(/<lastmod>/g)).toHaveLength(1);
    expect(xml).not.toContain('<changefreq>');
    expect(xml).not.toContain('<priority>');
  });

  it('escapes & in locs and encodes IDN hosts and non-ASCII paths', () => {
    expect(xml).toContain('<loc>https://example.com/blog/a?x=1&amp;y=2</loc>');
    expect(xml).toContain('<loc>https://xn--bcher-kva.example/stra%C3%9Fe/%C3%BC</loc>');
  });

  it('writes changefreq and priority only when asked', () => {
    const asked = renderExport('xml', site, { changefreq: 'weekly', priority: 'depth' });
    expect(asked).toContain(
      '<loc>https://example.com/</loc><lastmod>2024-05-01T10:00:00+00:00</lastmod><changefreq>weekly</changefreq><priority>1.0</priority>',
    );
    expect(asked).toContain('<changefreq>weekly</changefreq><priority>0.8</priority>');
  });

  it('writes hreflang alternates as xhtml:link', () => {
    const page = makePage('https://example.com/en', {
      hreflang: [
        { hreflang: 'en', href: 'https://example.com/en' },
        { hreflang: 'de', href: 'https://example.com/de?a=1&b=2' },
      ],
    });
    const out = renderExport('xml', [page]);
    expect(out).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(out).toContain(
      '<xhtml:link rel="alternate" hreflang="de" href="https://example.com/de?a=1&amp;b=2"/>',
    );
  });
});

describe('image and video sitemaps', () => {
  it('xml-images lists every page, images deduplicated and escaped', () => {
    const out = renderExport('xml-images', site);
    expect(out.match(/<url>/g)).toHaveLength(4);
    expect(out.match(/<image:image>/g)).toHaveLength(2);
    expect(out).toContain('<image:loc>https://example.com/b&amp;c.png</image:loc>');
    expect(out).not.toMatch(/image:(caption|title|license|geo_location)/);
  });

  it('images lists only pages with images and caps them at 1,000', () => {
    const many = makePage('https://example.com/many', {
      images: Array.from({ length: 1200 }, (_, i) => ({
        src: `https://example.com/${i}.png`,
        alt: '',
      })),
    });
    const out = renderExport('images', [...site, many]);
    expect(out.match(/<url>/g)).toHaveLength(2);
    expect(out.match(/<image:image>/g)).toHaveLength(1002);
  });

  it('videos keeps complete videos and reports the others', () => {
    const skipped: SkippedEntry[] = [];
    const out = renderExport('videos', site, {}, (entry) => skipped.push(entry));
    expect(out.match(/<url>/g)).toHaveLength(1);
    expect(out.match(/<video:video>/g)).toHaveLength(1);
    expect(out).toContain('<video:duration>61</video:duration>');
    expect(out).not.toMatch(/video:(category|gallery_loc|price|tvshow)|allow_embed|autoplay/);
    expect(skipped).toEqual([
      {
        url: 'https://example.com/pics',
        reason: 'video https://example.com/bad.mp4: missing thumbnail_loc',
      },
    ]);
  });
});

describe('document formats', () => {
  it('txt has one URL per line', () => {
    expect(renderExport('txt', site)).toBe(
      'https://example.com/\nhttps://example.com/blog/a?x=1&y=2\nhttps://xn--bcher-kva.example/stra%C3%9Fe/%C3%BC\nhttps://example.com/pics\n',
    );
  });

  it('json follows the versioned schema', () => {
    const doc = jsonExport.parse(JSON.parse(renderExport('json', site)));
    expect(doc.version).toBe(1);
    expect(doc.count).toBe(4);
    expect(doc.urls[0]).toEqual({
      url: 'https://example.com/',
      title: 'Home',
      lastmod: '2024-05-01T10:00:00+00:00',
      images: [],
      videos: [],
      alternates: [],
    });
    expect(doc.urls[3]?.images[2]).toEqual({ loc: 'https://example.com/b&c.png', alt: null });
  });

  it('rss is most recent first, escaped, and honours the item limit', () => {
    const pages = [
      makePage('https://example.com/old', { title: 'Old', lastModified: '2020-01-01T00:00:00Z' }),
      makePage('https://example.com/undated', { title: 'Undated' }),
      makePage('https://example.com/new', { title: 'A & B', lastModified: '2024-01-01T00:00:00Z' }),
    ];
    const out = renderExport('rss', pages);
    expect(out).toContain('<rss version="2.0">');
    const titles = [...out.matchAll(/<item><title>([^<]*)<\/title>/g)].map((m) => m[1]);
    expect(titles).toEqual(['A &amp; B', 'Old', 'Undated']);
    expect(out).toContain(
      '<guid isPermaLink="true">https://example.com/new</guid><pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate>',
    );
    const limited = renderExport('rss', pages, { rssLimit: 1 });
    expect(limited.match(/<item>/g)).toHaveLength(1);
    expect(limited).toContain('https://example.com/new');
  });

  it('html groups pages by path with titles, escaped', () => {
    const out = renderExport('html', site);
    expect(out).toContain('<html lang="en">');
    expect(out).toContain('<h1>Sitemap of example.com</h1>');
    expect(out).toMatch(/<h2 id="group-\d">\/blog\/<\/h2>/);
    expect(out).toContain('>Tom &amp; &quot;Jerry&quot; &lt;3&gt; it&apos;s</a>');
    expect(out).toContain('xn--bcher-kva.example/');
    expect(out).not.toContain('/gone');
  });
});

describe('file names', () => {
  it('are stable, and gzip only renames gzippable formats', () => {
    expect(exportFileName('xml')).toBe('sitemap.xml');
    expect(exportFileName('xml', true)).toBe('sitemap.xml.gz');
    expect(exportPartName('images', 3, true)).toBe('sitemap-images-3.xml.gz');
    expect(exportFileName('html', true)).toBe('sitemap.html');
    expect(exportFileName('rss', true)).toBe('sitemap.rss');
  });

  it('strips control characters XML forbids', () => {
    const out = renderExport('rss', [
      makePage('https://example.com/', { title: 'a\u0001b\u0008c' }),
    ]);
    expect(out).toContain('<title>abc</title>');
  });
});
