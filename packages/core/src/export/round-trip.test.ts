import { describe, expect, it } from 'vitest';
import { checkSitemap } from '../checker/sitemap-checker.js';
import { makePage } from './make-page.js';
import { renderExport } from './render.js';
import { sitemapIndex } from './sitemap-index.js';

const video = {
  contentUrl: 'https://a.example/v.mp4',
  playerUrl: null,
  thumbnailUrl: 'https://a.example/v.jpg',
  title: 'Video',
  description: 'About it',
  durationSeconds: 10,
  publicationDate: null,
};
const pages = [
  makePage('https://a.example/', {
    lastModified: '2024-01-01T00:00:00Z',
    hreflang: [
      { hreflang: 'en', href: 'https://a.example/' },
      { hreflang: 'de', href: 'https://a.example/de' },
    ],
    images: [{ src: 'https://a.example/i.png', alt: 'i' }],
    videos: [video],
  }),
  makePage('https://a.example/de', {
    lastModified: '2024-02-01T00:00:00Z',
    hreflang: [
      { hreflang: 'en', href: 'https://a.example/' },
      { hreflang: 'de', href: 'https://a.example/de' },
    ],
  }),
  makePage("https://a.example/q?a=1&b='2'", { title: 'Q & A' }),
];

describe('what the exporters write, the checker accepts', () => {
  it.each(['xml', 'xml-images', 'images', 'videos'] as const)(
    '%s: valid, no warnings',
    (format) => {
      const result = checkSitemap(renderExport(format, pages), { now: Date.UTC(2024, 5, 1) });
      expect(result.errors).toEqual([]);
      expect(result.warnings).toEqual([]);
      expect(result.isValid).toBe(true);
    },
  );

  it('xml: kinds and counts match', () => {
    const result = checkSitemap(renderExport('xml', pages));
    expect(result).toMatchObject({ kind: 'urlset', stats: { totalUrls: 3, validUrls: 3 } });
    expect(checkSitemap(renderExport('videos', pages)).kind).toBe('video');
    expect(checkSitemap(renderExport('images', pages)).kind).toBe('image');
  });

  it('rss: a feed with every item linked', () => {
    const result = checkSitemap(renderExport('rss', pages));
    expect(result).toMatchObject({
      isValid: true,
      kind: 'rss',
      stats: { totalUrls: 3, validUrls: 3 },
    });
    expect(result.warnings.map((w) => w.message)).toEqual([
      'This is an RSS feed, not a standard XML sitemap',
    ]);
  });

  it('the sitemap index', () => {
    const result = checkSitemap(
      sitemapIndex(['https://a.example/sitemap-1.xml', 'https://a.example/sitemap-2.xml']),
    );
    expect(result).toMatchObject({
      isValid: true,
      kind: 'sitemapindex',
      stats: { totalUrls: 2, validUrls: 2 },
    });
  });
});
