import { monthKey } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../../tests/fixtures/site/index.js';
import {
  call,
  createTestUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../repos/test-support.js';

let t: TestServer;
let site: FixtureSite;
let big: FixtureSite;

beforeAll(async () => {
  [t, site, big] = await Promise.all([
    startTestServer(),
    startFixtureSite({ pages: 40, features: ['redirects', 'noindex', 'canonical', 'errors'] }),
    startFixtureSite({ pages: 300 }),
  ]);
});

afterAll(async () => {
  await Promise.all([t.close(), site.close(), big.close()]);
});

interface Job {
  status: string;
  pagesCrawled: number;
  error: string | null;
  results: Array<{ url: string; title: string | null }>;
}

async function crawl(u: TestUser, url: string): Promise<{ jobId: string; job: Job }> {
  const res = await call(t.server.url, u, 'POST', '/api/crawl', { url });
  expect(res.status).toBe(201);
  const { jobId } = await res.json();
  const end = Date.now() + 15_000;
  for (;;) {
    const job: Job = await (await call(t.server.url, u, 'GET', `/api/crawl/${jobId}`)).json();
    if (job.status === 'completed' || job.status === 'failed' || Date.now() > end) {
      return { jobId, job };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a crawl job over real HTTP', () => {
  it('crawls a fixture site to completed and lists exactly the pages a sitemap should', async () => {
    const u = await createTestUser(t.server.context.db);
    const { jobId, job } = await crawl(u, site.url);
    expect(job.status).toBe('completed');
    expect(job.error).toBeNull();
    expect(job.results.map((r) => r.url).sort()).toEqual(site.expectedStaticSitemapUrls);
    expect(job.results.every((r) => typeof r.title === 'string')).toBe(true);
    const stored = await t.server.context.db.first<{ n: number }>(
      'SELECT COUNT(*) AS n FROM crawl_pages WHERE job_id = ? AND is_page = 1',
      [jobId],
    );
    expect(job.pagesCrawled).toBe(stored?.n);
    expect(await t.server.context.repos.usage.monthPages(u.id, monthKey(Date.now()))).toBe(
      job.pagesCrawled,
    );
    const xml = await (await call(t.server.url, u, 'GET', `/api/generate/${jobId}/xml`)).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]).sort();
    expect(locs).toEqual(site.expectedStaticSitemapUrls);
    const history = await (await call(t.server.url, u, 'GET', '/api/history')).json();
    expect(history[0]).toMatchObject({ id: jobId, status: 'completed', url: site.url });
    expect(history[0].completionTime).toBeGreaterThanOrEqual(0);
  });

  it('stops a free crawl at 100 pages and charges exactly those', async () => {
    const u = await createTestUser(t.server.context.db);
    const { job } = await crawl(u, big.url);
    expect(job.status).toBe('completed');
    expect(job.pagesCrawled).toBe(100);
    expect(await t.server.context.repos.usage.monthPages(u.id, monthKey(Date.now()))).toBe(100);
  });

  it('stops at the monthly quota: 480 used leaves a 20-page crawl', async () => {
    const u = await createTestUser(t.server.context.db);
    await t.server.context.db.run(
      'INSERT INTO usage_months (user_id, month, pages) VALUES (?, ?, 480)',
      [u.id, monthKey(Date.now())],
    );
    const { job } = await crawl(u, big.url);
    expect(job).toMatchObject({ status: 'completed', pagesCrawled: 20 });
    expect(await t.server.context.repos.usage.monthPages(u.id, monthKey(Date.now()))).toBe(500);
    const again = await call(t.server.url, u, 'POST', '/api/crawl', { url: big.url });
    expect(again.status).toBe(403);
    expect((await again.json()).error).toBe('Monthly limit reached');
  });

  it('answers 409 for the download of a crawl still running', async () => {
    const slow = await startFixtureSite({ pages: 30, latencyMs: 400 });
    try {
      const u = await createTestUser(t.server.context.db);
      const { jobId } = await (
        await call(t.server.url, u, 'POST', '/api/crawl', { url: slow.url })
      ).json();
      const res = await call(t.server.url, u, 'GET', `/api/generate/${jobId}/xml`);
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ error: 'Crawl not finished' });
    } finally {
      await slow.close();
    }
  });
});

describe('smart rendering (MAPSMITH_RENDER=auto)', () => {
  it('renders the pages that need it in Chromium and lists the links scripts add', async () => {
    const rendering = await startTestServer({ MAPSMITH_RENDER: 'auto' });
    const scripted = await startFixtureSite({ pages: 10, features: ['script'] });
    try {
      const u = await createTestUser(rendering.server.context.db);
      const res = await call(rendering.server.url, u, 'POST', '/api/crawl', { url: scripted.url });
      const { jobId } = await res.json();
      let job: Job | undefined;
      const end = Date.now() + 18_000;
      while (Date.now() < end) {
        job = await (await call(rendering.server.url, u, 'GET', `/api/crawl/${jobId}`)).json();
        if (job?.status === 'completed' || job?.status === 'failed') break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(job?.status).toBe('completed');
      expect(job?.results.map((r) => r.url).sort()).toEqual(scripted.expectedSitemapUrls);
      expect(scripted.expectedSitemapUrls.length).toBeGreaterThan(
        scripted.expectedStaticSitemapUrls.length,
      );
      const rendered = await rendering.server.context.db.first<{ n: number }>(
        "SELECT COUNT(*) AS n FROM crawl_pages WHERE job_id = ? AND json_extract(record, '$.rendered') = 1",
        [jobId],
      );
      expect(rendered?.n).toBeGreaterThan(0);
    } finally {
      await Promise.all([rendering.close(), scripted.close()]);
    }
  }, 25_000);
});

describe('the SSRF guard of hosted crawls', () => {
  it('refuses loopback and internal targets at start unless MAPSMITH_ALLOW_LOOPBACK=1', async () => {
    const strict = await startTestServer({ MAPSMITH_ALLOW_LOOPBACK: '0' });
    try {
      const u = await createTestUser(strict.server.context.db);
      const literals = [
        site.url,
        'http://[::1]/',
        'http://2130706433/',
        'http://169.254.169.254/',
        'http://intranet/',
        'http://printer.local/',
      ];
      for (const url of literals) {
        const res = await call(strict.server.url, u, 'POST', '/api/crawl', { url });
        expect(res.status, url).toBe(400);
        expect(await res.json(), url).toMatchObject({ error: 'URL not allowed' });
        expect(res.headers.get('x-ratelimit-remaining'), url).toBe('10');
      }
    } finally {
      await strict.close();
    }
  });
});
