import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OPERATION_DOCS } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  crawlToEnd,
  createTestUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../repos/test-support.js';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const LAST_MODIFIED = 'Mon, 01 Jan 2024 00:00:00 GMT';

let t: TestServer;
let pro: TestUser;
let free: TestUser;
let site: http.Server;
let origin: string;

/** A small site whose sitemaps (XML index, text, RSS, /sitemap.xml) disagree with its links. */
function answer(path: string): { status: number; type: string; body: string; headers?: object } {
  const o = origin;
  const page = (title: string, body = '', head = '') =>
    `<!doctype html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>`;
  const links = ['/a', '/b', '/c', '/noindex', '/redirect', '/fresh', '/linked-missing']
    .map((p) => `<a href="${p}">${p}</a>`)
    .join(' ');
  const xml = 'application/xml';
  switch (path) {
    case '/robots.txt':
      return {
        status: 200,
        type: 'text/plain',
        body: `User-agent: *\nAllow: /\nSitemap: ${o}/sm/index.xml\n`,
      };
    case '/sm/index.xml':
      return {
        status: 200,
        type: xml,
        body: `<?xml version="1.0"?><sitemapindex xmlns="${NS}">${['one.xml', 'two.txt', 'feed.rss'].map((f) => `<sitemap><loc>${o}/sm/${f}</loc></sitemap>`).join('')}</sitemapindex>`,
      };
    case '/sm/one.xml':
      return {
        status: 200,
        type: xml,
        body: `<?xml version="1.0"?><urlset xmlns="${NS}">
<url><loc>${o}/</loc><lastmod>2020-01-01</lastmod></url>
<url><loc>${o}/a</loc></url><url><loc>${o}/a</loc></url>
<url><loc>${o}/noindex</loc></url><url><loc>${o}/redirect</loc></url>
<url><loc>${o}/orphan</loc></url><url><loc>${o}/fresh</loc><lastmod>2030-01-01</lastmod></url>
</urlset>`,
      };
    case '/sm/two.txt':
      return { status: 200, type: 'text/plain', body: `${o}/b\n` };
    case '/sm/feed.rss':
      return {
        status: 200,
        type: 'application/rss+xml',
        body: `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><link>${o}/</link><description>d</description><item><title>c</title><link>${o}/c</link></item></channel></rss>`,
      };
    case '/sitemap.xml':
      return {
        status: 200,
        type: xml,
        body: `<?xml version="1.0"?><urlset xmlns="${NS}"><url><loc>${o}/a</loc></url></urlset>`,
      };
    case '/':
      return { status: 200, type: 'text/html', body: page('Home', links) };
    case '/noindex':
      return {
        status: 200,
        type: 'text/html',
        body: page('No', '', '<meta name="robots" content="noindex">'),
      };
    case '/redirect':
      return { status: 301, type: 'text/html', body: '', headers: { location: '/a' } };
    case '/a':
    case '/b':
    case '/c':
    case '/fresh':
    case '/orphan':
    case '/linked-missing':
      return { status: 200, type: 'text/html', body: page(path) };
    default:
      return { status: 404, type: 'text/html', body: page('Not found') };
  }
}

beforeAll(async () => {
  site = http.createServer((req, res) => {
    const a = answer(new URL(req.url ?? '/', origin).pathname);
    res.writeHead(a.status, {
      'content-type': a.type,
      'last-modified': LAST_MODIFIED,
      ...a.headers,
    });
    res.end(req.method === 'HEAD' ? undefined : a.body);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  t = await startTestServer();
  pro = await createTestUser(t.server.context.db, { username: 'cmppro', pro: true });
  free = await createTestUser(t.server.context.db, { username: 'cmpfree' });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => site.close(resolve));
});

const crawl = (user: TestUser) => crawlToEnd(t.server.url, user, `${origin}/`);

/** Starts the comparison (answered at once with its state), then polls until it is done. */
async function compare(user: TestUser, jobId: string) {
  const res = await call(t.server.url, user, 'POST', `/api/crawl/${jobId}/sitemap-compare`, {});
  expect(res.status).toBe(200);
  expect(['waiting', 'comparing', 'done']).toContain((await res.json()).state);
  for (let i = 0; i < 300; i++) {
    const page = await (
      await call(t.server.url, user, 'GET', `/api/crawl/${jobId}/sitemap-compare`)
    ).json();
    if (page.run.state === 'done') return page.summary;
    expect(page.run.state).not.toBe('failed');
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the comparison did not end');
}

describe('the live sitemap against the crawl', () => {
  it('puts each URL in exactly its findings; txt and RSS sitemaps are read; CSV carries them', async () => {
    const jobId = await crawl(pro);
    const summary = await compare(pro, jobId);
    expect(summary.counts).toEqual({
      'not-indexable': 2,
      orphan: 1,
      missing: 1,
      duplicate: 1,
      'lastmod-newer': 1,
    });
    expect(summary.files.map((f: { url: string }) => f.url.replace(origin, '')).sort()).toEqual([
      '/sitemap.xml',
      '/sm/feed.rss',
      '/sm/index.xml',
      '/sm/one.xml',
      '/sm/two.txt',
    ]);
    const page = await (
      await call(t.server.url, pro, 'GET', `/api/crawl/${jobId}/sitemap-compare?limit=200`)
    ).json();
    const byPath = Object.fromEntries(
      page.rows.map((r: { url: string; flags: string[] }) => [r.url.replace(origin, ''), r.flags]),
    );
    expect(byPath).toEqual({
      '/a': ['duplicate'],
      '/noindex': ['not-indexable'],
      '/redirect': ['not-indexable'],
      '/fresh': ['lastmod-newer'],
      '/orphan': ['orphan'],
      '/linked-missing': ['missing'],
    });
    const a = page.rows.find((r: { url: string }) => r.url === `${origin}/a`);
    expect(a.listedTimes).toBe(3);
    const noindex = page.rows.find((r: { url: string }) => r.url === `${origin}/noindex`);
    expect(noindex.crawlVerdict).toBe('noindex');

    const orphans = await (
      await call(t.server.url, pro, 'GET', `/api/crawl/${jobId}/sitemap-compare?flag=orphan`)
    ).json();
    expect(orphans.rows.map((r: { url: string }) => r.url)).toEqual([`${origin}/orphan`]);
    const csv = await call(
      t.server.url,
      pro,
      'GET',
      `/api/crawl/${jobId}/sitemap-compare/report?flag=missing`,
    );
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(`^${origin}/linked-missing,missing from sitemap,missing,no,`),
    );
  });

  it('becomes a column and a filter of the URL table, and its CSV carries it', async () => {
    const jobId = await crawl(pro);
    await compare(pro, jobId);
    const table = await (
      await call(t.server.url, pro, 'GET', `/api/crawl/${jobId}/urls?sitemap=not-indexable`)
    ).json();
    expect(table.rows.map((r: { url: string }) => r.url.replace(origin, '')).sort()).toEqual([
      '/noindex',
      '/redirect',
    ]);
    expect(table.rows[0].sitemap).toBe('not-indexable');
    const all = await (await call(t.server.url, pro, 'GET', `/api/crawl/${jobId}/urls`)).json();
    const home = all.rows.find((r: { url: string }) => r.url === `${origin}/`);
    expect(home.sitemap).toBeNull();
    const bad = await call(t.server.url, pro, 'GET', `/api/crawl/${jobId}/urls?sitemap=nope`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('report.filter-invalid');
    const csv = await (
      await call(t.server.url, pro, 'GET', `/api/crawl/${jobId}/report?format=csv&sitemap=missing`)
    ).text();
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toMatch(/,Sitemap findings$/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${origin}/linked-missing,.*,missing$`));
  });

  it('is Pro only: a free user gets 403 auth.pro-required', async () => {
    const jobId = await crawl(free);
    const res = await call(t.server.url, free, 'POST', `/api/crawl/${jobId}/sitemap-compare`, {});
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      code: 'auth.pro-required',
      message: expect.stringContaining('live sitemap'),
    });
  });

  it("answers an unknown or another user's crawl with 404 crawl.not-found, the code its docs list", async () => {
    const others = await crawl(free);
    for (const jobId of ['no-such-crawl', others]) {
      const asked = [
        [
          'crawl.sitemapCompare',
          await call(t.server.url, pro, 'POST', `/api/crawl/${jobId}/sitemap-compare`, {}),
        ],
        [
          'crawl.sitemapFindings',
          await call(t.server.url, pro, 'GET', `/api/crawl/${jobId}/sitemap-compare`),
        ],
        [
          'crawl.sitemapReport',
          await call(t.server.url, pro, 'GET', `/api/crawl/${jobId}/sitemap-compare/report`),
        ],
      ] as const;
      for (const [name, res] of asked) {
        expect(res.status).toBe(404);
        const code = (await res.json()).code;
        expect(code).toBe('crawl.not-found');
        expect(OPERATION_DOCS[name]?.errors).toContain(code);
      }
    }
  });
});
