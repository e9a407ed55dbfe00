import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isErrorCode, monthKey, retryInWords } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestUser, startTestServer, type TestServer } from '../repos/test-support.js';

let t: TestServer;
let base: string;

beforeAll(async () => {
  t = await startTestServer();
  base = t.server.url;
});

afterAll(async () => {
  await t.close();
});

const user = (pro = false) => createTestUser(t.server.context.db, { pro });
const startCrawl = (u: Awaited<ReturnType<typeof user>> | null, body: unknown) =>
  call(base, u, 'POST', '/api/crawl', body);

async function body(
  res: Response,
): Promise<{ error: string; message: string; code: string; field?: string }> {
  const json = await res.json();
  expect(isErrorCode(json.code), `code ${json.code}`).toBe(true);
  return json;
}

describe('error bodies carry a stable code and plain words', () => {
  it('crawl start: sign-in, bad URL (no field prefix), monthly and hourly limits', async () => {
    expect((await body(await startCrawl(null, { url: 'https://example.com/' }))).code).toBe(
      'auth.required',
    );

    const free = await user();
    const bad = await body(await startCrawl(free, { url: 'my site' }));
    expect(bad.code).toBe('input.invalid');
    expect(bad.message).toBe('Enter a site address such as example.com or https://example.com');
    // The field it is about, so a form shows the sentence under that field (defect 12).
    expect(bad.field).toBe('url');

    const spent = await user();
    await t.server.context.db.run(
      'INSERT INTO usage_months (user_id, month, pages) VALUES (?, ?, 500)',
      [spent.id, monthKey(Date.now())],
    );
    expect((await body(await startCrawl(spent, { url: 'https://example.com/' }))).code).toBe(
      'limit.monthly',
    );

    // Starts of a site that answers: a crawl failing before its first page (as example.com
    // does without a network) gives its start back (walkthrough defect 10).
    const site = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>hi</body></html>');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const answering = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    for (let i = 0; i < 10; i++) {
      expect((await startCrawl(free, { url: answering })).status).toBe(201);
    }
    const limited = await startCrawl(free, { url: answering });
    site.close();
    expect(limited.status).toBe(429);
    const retry = Number(limited.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(3000);
    const json = await body(limited);
    expect(json.code).toBe('limit.hourly');
    expect(json.message).toBe(`You can start 10 crawls per hour. ${retryInWords(retry)}`);
    expect(json.message).toMatch(/Try again in (59|60) minutes\.$/);
  });

  it('unknown crawl, unknown API route and a free user asking for tokens', async () => {
    const u = await user();
    expect((await body(await call(base, u, 'GET', '/api/crawl/nope'))).code).toBe(
      'crawl.not-found',
    );
    expect((await body(await call(base, u, 'GET', '/api/nothing-here'))).code).toBe('not-found');
    expect((await body(await call(base, u, 'GET', '/api/tokens'))).code).toBe('auth.pro-required');
  });
});

describe('the checker fetch explains failures in plain words', () => {
  let site: http.Server;
  let origin: string;
  const types: Record<string, string> = {
    '/x-xml.xml': 'application/x-xml',
    '/binary.xml': 'binary/octet-stream',
    '/octet.xml': 'application/octet-stream',
    '/page.html': 'text/html',
  };

  beforeAll(async () => {
    site = http.createServer((req, res) => {
      const type = types[req.url ?? ''] ?? 'text/plain';
      res.writeHead(200, { 'Content-Type': type });
      res.end(
        type === 'text/html'
          ? '<!doctype html><html><body>hi</body></html>'
          : '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/</loc></url></urlset>',
      );
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    origin = `127.0.0.1:${(site.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => site.close(resolve));
  });

  const fetchSitemap = (url: string) =>
    fetch(`${base}/api/fetch-sitemap?url=${encodeURIComponent(url)}`);

  it('says the HTTPS handshake failed, not an OpenSSL string, for https:// on an http server', async () => {
    const res = await fetchSitemap(`https://${origin}/x-xml.xml`);
    expect(res.status).toBe(502);
    const json = await body(res);
    expect(json.code).toBe('sitemap.fetch-failed');
    expect(json.message).toBe(
      'Could not fetch the sitemap (the secure (HTTPS) connection failed). If the site only speaks plain HTTP, use an http:// address.',
    );
  });

  it('accepts sitemaps served as application/x-xml or octet-stream by sniffing the bytes', async () => {
    for (const path of ['/x-xml.xml', '/binary.xml', '/octet.xml']) {
      const res = await fetchSitemap(`http://${origin}${path}`);
      expect(res.status, path).toBe(200);
      expect((await res.json()).content).toContain('<urlset');
    }
    const html = await fetchSitemap(`http://${origin}/page.html`);
    expect(html.status).toBe(422);
    expect((await body(html)).code).toBe('sitemap.not-a-sitemap');
  });
});
