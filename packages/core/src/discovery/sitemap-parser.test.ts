import { describe, expect, it } from 'vitest';
import { parseSitemap } from './sitemap-parser.js';

const urlset = (locs: string[]) =>
  `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">${locs
    .map(
      (l) =>
        `<url><loc> ${l} </loc><image:image><image:loc>${l}.png</image:loc></image:image></url>`,
    )
    .join('')}</urlset>`;

describe('the streaming sitemap parser', () => {
  it('reads page locs of a urlset, not image locs', () => {
    const parsed = parseSitemap(urlset(['https://a.example/1', 'https://a.example/2']), 100);
    expect(parsed).toEqual({
      kind: 'urlset',
      locs: ['https://a.example/1', 'https://a.example/2'],
      truncated: false,
      error: null,
    });
  });

  it('reads a sitemap index', () => {
    const xml =
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://a.example/s1.xml</loc></sitemap></sitemapindex>';
    expect(parseSitemap(xml, 10)).toMatchObject({
      kind: 'sitemapindex',
      locs: ['https://a.example/s1.xml'],
    });
  });

  it('stops at the bound', () => {
    const locs = Array.from({ length: 1000 }, (_, i) => `https://a.example/${i}`);
    const parsed = parseSitemap(urlset(locs), 10);
    expect(parsed.locs).toHaveLength(10);
    expect(parsed.truncated).toBe(true);
  });

  it('keeps what it read before malformed XML and reports the error', () => {
    const parsed = parseSitemap(
      '<urlset><url><loc>https://a.example/1</loc></url><url><loc>x</urlset>',
      10,
    );
    expect(parsed.locs[0]).toBe('https://a.example/1');
    expect(parsed.error).not.toBeNull();
  });

  it('reports documents that are not sitemaps', () => {
    expect(parseSitemap('<html><body>hi</body></html>', 10).kind).toBe('unknown');
  });
});
