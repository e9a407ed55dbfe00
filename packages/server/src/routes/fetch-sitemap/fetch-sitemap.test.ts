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
      // One after another: a client runs at most two checker fetches at once.
      const answers: Response[] = [];
      for (let i = 0; i < 62; i++)
        answers.push(await fetchSitemap(`${site.origin}/sitemaps/a.xml`, fresh));
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

describe('concurrent checker fetches', () => {
  // 'é' and '€' straddle the 64 KiB chunks of the streamed answer; the text must come whole.
  const body = `<?xml version="1.0"?><urlset>${'<url><loc>https://e.test/é€"\\</loc></url>'.repeat(20_000)}</urlset>`;
  const held: http.ServerResponse[] = [];
  let seen = 0;
  let slow: http.Server;
  let slowUrl = '';

  beforeAll(async () => {
    slow = http.createServer((_req, res) => {
      seen++;
      held.push(res);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/sitemap.xml`;
  });
  afterAll(async () => {
    for (const res of held) res.destroy();
    await new Promise((resolve) => slow.close(resolve));
  });
  const releaseAll = () => {
    for (const res of held.splice(0))
      res.writeHead(200, { 'content-type': 'application/xml' }).end(body);
  };
  const from = (ip: string) =>
    fetch(`${t.server.url}/api/fetch-sitemap?url=${encodeURIComponent(slowUrl)}`, {
      headers: { 'X-Forwarded-For': ip },
    });

  it('runs two at once, two per client; more wait in line or get 429 checker.busy', async () => {
    seen = 0;
    const mine = Array.from({ length: 6 }, () => from('203.0.113.5'));
    await expect.poll(() => seen, { timeout: 10_000 }).toBe(2);
    // Over the per-client bound: refused at once, without spending the hourly quota.
    const refused = (await Promise.all(mine.slice(2))).map((r) => r.status);
    expect(refused).toEqual([429, 429, 429, 429]);
    const busy = await from('203.0.113.5');
    expect(busy.status).toBe(429);
    expect(busy.headers.get('retry-after')).toBe('5');
    expect(await busy.json()).toMatchObject({ code: 'checker.busy' });
    // Other clients wait for a slot instead of starting a third download.
    const others = ['203.0.113.6', '203.0.113.7', '203.0.113.8'].map(from);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toBe(2);
    releaseAll();
    await expect.poll(() => seen, { timeout: 10_000 }).toBe(4);
    releaseAll();
    await expect.poll(() => seen, { timeout: 10_000 }).toBe(5);
    releaseAll();
    for (const res of [...(await Promise.all(mine.slice(0, 2))), ...(await Promise.all(others))]) {
      expect(res.status).toBe(200);
      const { content } = (await res.json()) as { content: string };
      expect(content).toBe(body);
    }
  });
});
