import { describe, expect, it } from 'vitest';
import { checkSitemapBytes } from './decode.js';
import { checkSitemap, SitemapChecker } from './sitemap-checker.js';

const doc = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
  '<url><loc>https://a.example/ü?a=1&amp;b=2</loc><lastmod>2024-01-01</lastmod></url>',
  '<url><loc>https://a.example/ü?a=1&amp;b=2</loc><priority>7</priority></url>',
  '<url><image:image><image:loc>https://a.example/i.png</image:loc></image:image></url>',
  '<url><loc><![CDATA[https://a.example/cdata]]></loc></url>',
  '</urlset>',
].join('\r\n');

describe('streaming', () => {
  it('gives the same result however the text is cut into chunks', () => {
    const whole = checkSitemap(doc);
    expect(whole.stats).toEqual({ totalUrls: 4, validUrls: 2, duplicateUrls: 1 });
    expect(whole.errors).toEqual([{ message: 'Missing loc element', line: 5 }]);
    for (const size of [1, 7, 64]) {
      const checker = new SitemapChecker();
      for (let i = 0; i < doc.length; i += size) checker.write(doc.slice(i, i + size));
      expect(checker.end(), `chunks of ${size}`).toEqual(whole);
    }
  });

  it('reads bytes with a BOM and multi-byte characters split across chunks', async () => {
    const bytes = new TextEncoder().encode(`\ufeff${doc}`);
    expect(bytes[0]).toBe(0xef);
    expect(await checkSitemapBytes(bytes)).toEqual(checkSitemap(doc));
    expect(checkSitemap(`\ufeff${doc}`)).toEqual(checkSitemap(doc));
  });
});
