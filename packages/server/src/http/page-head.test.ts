import fs from 'node:fs';
import path from 'node:path';
import { checkSitemap } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../repos/test-support.js';

let t: TestServer;
let base: string;

beforeAll(async () => {
  t = await startTestServer();
  base = t.server.url;
  // The web app's own index.html, as the build copies it: the server fills in each page's head.
  const webDir = path.join(t.dataDir, 'web');
  fs.mkdirSync(webDir, { recursive: true });
  fs.copyFileSync(
    path.resolve(import.meta.dirname, '../../../web/index.html'),
    path.join(webDir, 'index.html'),
  );
});

afterAll(async () => {
  await t.close();
});

/** The HTML a crawler gets: no JavaScript runs. */
async function html(pathname: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${base}${pathname}`);
  return { status: res.status, text: await res.text() };
}

const titleOf = (text: string) => /<title>([^<]*)<\/title>/.exec(text)?.[1];
const metaOf = (text: string, name: string) =>
  new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`).exec(text)?.[1];

describe('server-rendered head tags (no JavaScript)', () => {
  it('gives each route its own title, description and canonical, and noindex on account pages', async () => {
    const pricing = await html('/pricing');
    expect(titleOf(pricing.text)).toBe('Pricing | Mapsmith: Free or $3 for a month of Pro');
    expect(metaOf(pricing.text, 'description')).toMatch(
      /^Free: 100 pages per crawl and 500 pages a month/,
    );
    expect(pricing.text).toContain(`<link rel="canonical" href="${base}/pricing" />`);
    expect(metaOf(pricing.text, 'robots')).toBe('index, follow');
    expect(pricing.text.match(/<meta name="description"/g)).toHaveLength(1);

    for (const account of ['/login', '/dashboard', '/reset-password', '/confirm-email']) {
      expect(metaOf((await html(account)).text, 'robots'), account).toBe('noindex');
    }
    const missing = await html('/no-such-page');
    expect(missing.status).toBe(404);
    expect(titleOf(missing.text)).toBe('404 Page Not Found');
    expect(missing.text).not.toContain('rel="canonical"');
  });

  it('marks guides up as Articles with their own title', async () => {
    const guide = await html('/how-to/advanced-sitemap-strategies');
    expect(titleOf(guide.text)).toBe('Advanced Sitemap Strategies for Large Sites | Mapsmith');
    const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(guide.text)?.[1];
    expect(JSON.parse(ld ?? '{}')).toMatchObject({
      '@type': 'Article',
      headline: 'Advanced Sitemap Strategies for Large Sites',
      url: `${base}/how-to/advanced-sitemap-strategies`,
    });
  });

  it('serves robots.txt, a favicon, and a sitemap of the public pages its own checker accepts', async () => {
    const robots = await html('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.text).toContain(`Sitemap: ${base}/sitemap.xml`);
    const icon = await fetch(`${base}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect((await fetch(`${base}/favicon.ico`, { redirect: 'manual' })).status).toBe(301);

    const sitemap = await html('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    const result = checkSitemap(sitemap.text, { sitemapUrl: `${base}/sitemap.xml` });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.stats.totalUrls).toBe(18); // 11 indexable routes (the guides’ index too) and 7 guides
    expect(sitemap.text).toContain(`<loc>${base}/how-to/rss-feed-generator-guide</loc>`);
    expect(sitemap.text).toContain(`<loc>${base}/pricing</loc>`);
    expect(sitemap.text).not.toContain('/login<');
    expect(sitemap.text).not.toContain('/dashboard<');
  });
});
