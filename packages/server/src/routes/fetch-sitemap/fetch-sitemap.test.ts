import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../../tests/fixtures/site/index.js';
import { call, startTestServer, type TestServer } from '../../repos/test-support.js';

let t: TestServer;
let site: FixtureSite;
let bombs: http.Server;
let bombUrl: string;

beforeAll(async () => {
  [t, site] = await Promise.all([
    startTestServer(),
    startFixtureSite({ pages: 5, features: ['sitemap', 'redirects'] }),
  ]);
  // A gzip file and a gzip-encoded answer that both inflate past 50 MB.
  const bomb = gzipSync(Buffer.alloc(60 * 1024 * 1024, 32));
  bombs = http.createServer((req, res) => {
    if (req.url === '/image.png') {
      res.writeHead(200, { 'content-type': 'image/png' }).end('png');
      return;
    }
    if (req.url === '/file.xml.gz') res.writeHead(200, { 'content-type': 'application/gzip' });
    else res.writeHead(200, { 'content-type': 'application/xml', 'content-encoding': 'gzip' });
    res.end(bomb);
  });
  await new Promise<void>((resolve) => bombs.listen(0, '127.0.0.1', resolve));
  bombUrl = `http://127.0.0.1:${(bombs.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.all([t.close(), site.close(), new Promise((resolve) => bombs.close(resolve))]);
});

const fetchSitemap = (url: string, server = t) =>
  call(server.server.url, null, 'GET', `/api/fetch-sitemap?url=${encodeURIComponent(url)}`);

describe('GET /api/fetch-sitemap', () => {
  it('answers {content} to an anonymous visitor, with rate headers', async () => {
    const res = await fetchSitemap(`${site.origin}/sitemaps/a.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('60');
    const { content } = await res.json();
    expect(content).toContain('<urlset');
  });

  it('inflates a .xml.gz sitemap', async () => {
    const res = await fetchSitemap(`${site.origin}/sitemaps/b.xml.gz`);
    expect(res.status).toBe(200);
    expect((await res.json()).content).toContain('<urlset');
  });

  it('explains an HTTP error, an HTML page, another type and a redirect loop', async () => {
    const missing = await fetchSitemap(`${site.origin}/sitemaps/missing.xml`);
    expect(missing.status).toBe(502);
    expect(await missing.json()).toMatchObject({ error: 'HTTP Error 404' });
    const html = await fetchSitemap(site.url);
    expect(html.status).toBe(422);
    expect((await html.json()).message).toMatch(/HTML page/);
    const image = await fetchSitemap(`${bombUrl}/image.png`);
    expect(image.status).toBe(422);
    expect((await image.json()).message).toMatch(/image\/png/);
    const loop = await fetchSitemap(`${site.origin}/r/loop/a`);
    expect(loop.status).toBe(502);
    expect(await loop.json()).toMatchObject({ error: 'Too many redirects' });
  });

  it('stops gzip at 50 MB, for a .gz file and for Content-Encoding', async () => {
    for (const path of ['/file.xml.gz', '/encoded.xml']) {
      const res = await fetchSitemap(`${bombUrl}${path}`);
      expect(res.status, path).toBe(413);
      expect((await res.json()).message).toMatch(/50 MB/);
    }
  });

  it('answers 400 for a missing, non-http or unparsable url', async () => {
    for (const q of ['', '?url=', '?url=ftp%3A%2F%2Fexample.com%2F', '?url=nope']) {
      const res = await call(t.server.url, null, 'GET', `/api/fetch-sitemap${q}`);
      expect(res.status, q).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'Invalid input' });
    }
  });
});

describe('GET /api/fetch-sitemap safety and limits', () => {
  it('refuses internal addresses without MAPSMITH_ALLOW_LOOPBACK=1', async () => {
    const strict = await startTestServer({ MAPSMITH_ALLOW_LOOPBACK: '0' });
    try {
      for (const url of [
        `${site.origin}/sitemaps/a.xml`,
        'http://169.254.169.254/latest/meta-data',
        'http://10.0.0.1/sitemap.xml',
        'http://[::ffff:127.0.0.1]/sitemap.xml',
        'http://0x7f000001/sitemap.xml',
      ]) {
        const res = await fetchSitemap(url, strict);
        expect(res.status, url).toBe(400);
        expect(await res.json(), url).toMatchObject({ error: 'URL not allowed' });
      }
    } finally {
      await strict.close();
    }
  });

  it('limits one IP to 60 fetches per hour: 429 with Retry-After', async () => {
    const fresh = await startTestServer();
    try {
      const answers = await Promise.all(
        Array.from({ length: 62 }, () => fetchSitemap(`${site.origin}/sitemaps/a.xml`, fresh)),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(60);
      const limited = answers.filter((r) => r.status === 429);
      expect(limited).toHaveLength(2);
      expect(Number(limited[0]?.headers.get('retry-after'))).toBeGreaterThan(3500);
      expect(limited[0]?.headers.get('x-ratelimit-remaining')).toBe('0');
    } finally {
      await fresh.close();
    }
  });
});
