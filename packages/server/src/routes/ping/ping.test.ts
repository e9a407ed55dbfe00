import { makePage, type PageRecord } from '@mapsmith/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  registerUser,
  startTestApp,
  type TestApp,
  TestClient,
} from '../../../../../tests/servers/app-harness.js';
import type { LocalServer } from '../../../../../tests/servers/http-util.js';
import {
  type IndexNowStandIn,
  startIndexNowStandIn,
  startTextSite,
} from '../../../../../tests/servers/indexnow-server.js';
import { seedCompletedJob } from '../../repos/test-support.js';

let indexNow: IndexNowStandIn;
let site: LocalServer;
const files = new Map<string, string>();
let app: TestApp;
let owner: TestClient;
let jobId: string;

function page(url: string, included: boolean): PageRecord {
  return makePage(url, {
    status: included ? 200 : 404,
    bytes: 100,
    responseTimeMs: 5,
    inlinks: 0,
    title: url,
    canonical: null,
    verdict: included ? { included: true } : { included: false, code: 'status', reason: '404' },
  });
}

const ping = (client: TestClient, body: Record<string, unknown>) =>
  client.call('POST', '/api/ping-search-engines', body);

beforeAll(async () => {
  indexNow = await startIndexNowStandIn();
  site = await startTextSite(files);
  app = await startTestApp({ INDEXNOW_ENDPOINT: indexNow.endpoint, MAPSMITH_ALLOW_LOOPBACK: '1' });
  owner = await registerUser(app.url, 'siteowner');
  const { id } = (await owner.call('GET', '/api/user')).body;
  jobId = await seedCompletedJob(app.server.context.db, id, [
    page(`${site.url}/`, true),
    page(`${site.url}/about`, true),
    page(`${site.url}/gone`, false),
    page(`${site.url}/blog`, true),
  ]);
});

afterAll(async () => {
  await app.close();
  await indexNow.close();
  await site.close();
});

beforeEach(() => {
  indexNow.respondWith(null);
  indexNow.received.length = 0;
});

describe('POST /api/ping-search-engines', () => {
  let key = '';

  it('shows the key and its file location before any notification, and keeps it', async () => {
    const sitemapUrl = `${site.url}/sitemap.xml`;
    const first = await owner.call(
      'GET',
      `/api/ping-key?sitemapUrl=${encodeURIComponent(sitemapUrl)}`,
    );
    expect(first.status).toBe(200);
    expect(first.body.key).toMatch(/^[a-f0-9]{32}$/);
    expect(first.body.keyLocation).toBe(`${site.url}/${first.body.key}.txt`);
    const again = await owner.call(
      'GET',
      `/api/ping-key?sitemapUrl=${encodeURIComponent(sitemapUrl)}`,
    );
    expect(again.body.key).toBe(first.body.key);
    expect(indexNow.received).toHaveLength(0);
  });

  it('submits nothing until the key file is live, and tells the user the key and where to put it', async () => {
    const res = await ping(owner, { sitemapUrl: `${site.url}/sitemap.xml`, jobId });
    expect(res.status).toBe(200);
    // Only IndexNow is a submission: Google and Bing are information lines, not failed engines.
    expect(res.body.summary).toEqual({ successful: 0, total: 1 });
    expect(res.body.keyFound).toBe(false);
    expect(res.body.engines.map((e: { kind: string }) => e.kind)).toEqual([
      'submission',
      'information',
      'information',
    ]);
    const [indexNowLine, google, bing] = res.body.engines;
    expect(indexNowLine).toMatchObject({ name: 'IndexNow', ok: false, status: null });
    const match = indexNowLine.message.match(
      /Publish a text file at (\S+) containing exactly ([A-Za-z0-9-]+),/,
    );
    expect(match?.[1]).toBe(`${site.url}/${match?.[2]}.txt`);
    key = match?.[2] ?? '';
    expect(indexNowLine.message).toMatch(/answered HTTP 404/);
    expect(google).toMatchObject({ name: 'Google', ok: false, status: null });
    expect(google.message).toMatch(/no ping endpoint.*Sitemap: .*sitemap\.xml.*Search Console/);
    expect(bing).toMatchObject({ name: 'Bing', ok: false, status: null });
    expect(bing.message).toMatch(/retired.*IndexNow/);
    expect(indexNow.received).toHaveLength(0);
  });

  it('200: submits the crawl’s included URLs once the key file is published, with the same key', async () => {
    files.set(`/${key}.txt`, key);
    const res = await ping(owner, { sitemapUrl: `${site.url}/sitemap.xml`, jobId });
    expect(res.status).toBe(200);
    expect(res.body.summary).toEqual({ successful: 1, total: 1 });
    expect(res.body.keyFound).toBe(true);
    expect(res.body.engines[0]).toMatchObject({ name: 'IndexNow', ok: true, status: 200 });
    expect(indexNow.received).toEqual([
      {
        host: new URL(site.url).host,
        key,
        keyLocation: `${site.url}/${key}.txt`,
        urlList: [`${site.url}/`, `${site.url}/about`, `${site.url}/blog`],
      },
    ]);
  });

  it('finds the newest completed crawl of the host when no job id is given', async () => {
    const res = await ping(owner, { sitemapUrl: `${site.url}/sitemap.xml` });
    expect(res.status).toBe(200);
    expect(res.body.summary.successful).toBe(1);
    expect(indexNow.received[0]?.urlList).toHaveLength(3);
  });

  it('keeps the answer: the crawl shows it after a reload with its date, and a resubmission of the same URLs says when they were last sent', async () => {
    const last = (client: TestClient, id: string) =>
      client.call('GET', `/api/ping-last?jobId=${encodeURIComponent(id)}`);
    const first = await ping(owner, { sitemapUrl: `${site.url}/sitemap.xml`, jobId });
    expect(first.body).toMatchObject({ keyFound: true, urls: 3 });
    expect(Date.parse(first.body.at)).toBeGreaterThan(Date.now() - 60_000);
    const kept = await last(owner, jobId);
    expect(kept.status).toBe(200);
    expect(kept.body).toEqual(first.body);
    // The same three URLs again: the answer says when IndexNow last accepted them.
    const again = await ping(owner, { sitemapUrl: `${site.url}/sitemap.xml`, jobId });
    expect(again.body.lastSentAt).toBe(first.body.at);
    expect((await last(owner, jobId)).body).toEqual(again.body);
    // A refused submission keeps its answer but not as "sent": the last acceptance stays.
    indexNow.respondWith(403);
    const refused = await ping(owner, { sitemapUrl: `${site.url}/sitemap.xml`, jobId });
    expect(refused.body.lastSentAt).toBe(again.body.at);
    indexNow.respondWith(null);
    const after = await ping(owner, { sitemapUrl: `${site.url}/sitemap.xml`, jobId });
    expect(after.body.lastSentAt).toBe(again.body.at);
    // Another user's crawl has nothing to show; none was kept for a crawl never notified.
    const stranger = await registerUser(app.url, 'onlooker');
    expect((await last(stranger, jobId)).body).toBeNull();
    expect((await last(owner, 'no-such-job')).body).toBeNull();
  });

  for (const [status, ok, text] of [
    [202, true, /still validating/],
    [403, false, /key is not valid/],
    [422, false, /do not belong to the host/],
    [429, false, /Too many requests/],
  ] as const) {
    it(`${status} from IndexNow is reported as it is`, async () => {
      indexNow.respondWith(status);
      const res = await ping(owner, { sitemapUrl: `${site.url}/sitemap.xml`, jobId });
      expect(res.status).toBe(200);
      expect(res.body.engines[0]).toMatchObject({ name: 'IndexNow', ok, status });
      expect(res.body.engines[0].message).toMatch(text);
      expect(res.body.summary).toEqual({ successful: ok ? 1 : 0, total: 1 });
    });
  }

  it('refuses other people’s crawls, missing crawls, bad input and signed-out callers', async () => {
    const stranger = await registerUser(app.url, 'stranger');
    expect((await ping(stranger, { sitemapUrl: `${site.url}/sitemap.xml`, jobId })).status).toBe(
      404,
    );
    const none = await ping(stranger, { sitemapUrl: `${site.url}/sitemap.xml` });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('No URLs found');
    expect((await ping(owner, { sitemapUrl: 'not a url' })).status).toBe(400);
    expect(
      (await ping(new TestClient(app.url), { sitemapUrl: `${site.url}/sitemap.xml` })).status,
    ).toBe(401);
    expect(indexNow.received).toHaveLength(0);
  });
});

describe('the key-file check goes through the SSRF guard', () => {
  it('refuses to fetch a loopback site unless MAPSMITH_ALLOW_LOOPBACK=1', async () => {
    const guarded = await startTestApp({ INDEXNOW_ENDPOINT: indexNow.endpoint });
    try {
      const client = await registerUser(guarded.url, 'guarded');
      const { id } = (await client.call('GET', '/api/user')).body;
      const job = await seedCompletedJob(guarded.server.context.db, id, [
        page(`${site.url}/`, true),
      ]);
      const res = await ping(client, { sitemapUrl: `${site.url}/sitemap.xml`, jobId: job });
      // Refused at the entry, as every site address the URL policy refuses (issue 30, point 3).
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('crawl.url-not-allowed');
      expect(indexNow.received).toHaveLength(0);
    } finally {
      await guarded.close();
    }
  });
});
