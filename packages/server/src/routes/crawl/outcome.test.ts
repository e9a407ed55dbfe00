import { type CrawlJob, monthKey, schemas } from '@mapsmith/core';
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
let messy: FixtureSite;

beforeAll(async () => {
  [t, messy] = await Promise.all([
    startTestServer(),
    startFixtureSite({ pages: 150, features: ['redirects', 'errors', 'robots-pages'] }),
  ]);
});

afterAll(async () => {
  await Promise.all([t.close(), messy.close()]);
});

async function crawl(u: TestUser, url: string): Promise<{ jobId: string; job: CrawlJob }> {
  const res = await call(t.server.url, u, 'POST', '/api/crawl', { url });
  expect(res.status).toBe(201);
  const { jobId } = await res.json();
  const end = Date.now() + 30_000;
  for (;;) {
    const job = schemas.crawlJob.parse(
      await (await call(t.server.url, u, 'GET', `/api/crawl/${jobId}`)).json(),
    );
    if (job.status === 'completed' || job.status === 'failed') return { jobId, job };
    if (Date.now() > end) throw new Error('the crawl did not end');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function rows(jobId: string): Promise<{ all: number; pages: number }> {
  const row = await t.server.context.db.first<{ all: number; pages: number }>(
    'SELECT COUNT(*) AS "all", SUM(is_page) AS pages FROM crawl_pages WHERE job_id = ?',
    [jobId],
  );
  return { all: row?.all ?? 0, pages: row?.pages ?? 0 };
}

describe('what the caps count, and how a capped crawl says so', () => {
  it('gives a free user 100 pages of a site with redirects and errors, which cost nothing', async () => {
    const u = await createTestUser(t.server.context.db);
    const { jobId, job } = await crawl(u, messy.url);
    expect(job.status).toBe('completed');
    expect(job.pagesCrawled).toBe(100);
    const stored = await rows(jobId);
    expect(stored.pages).toBe(100);
    // The redirects, 404s, 5xx and robots-blocked URLs were recorded beside them.
    expect(stored.all).toBeGreaterThan(100);
    expect(await t.server.context.repos.usage.monthPages(u.id, monthKey(Date.now()))).toBe(100);
    expect(job.outcome?.endReason).toBe('plan-limit');
    expect(job.outcome?.waiting).toBeGreaterThan(0);
    expect(job.outcome?.endSentence).toBe(
      `Stopped at your free plan's 100-page limit; ${job.outcome?.waiting.toLocaleString('en-US')} more URLs were waiting. Pro crawls them all.`,
    );
    expect(job.outcome?.pages).toBe(100);
    expect(job.outcome?.urls).toBe(stored.all);
    expect(job.outcome?.pagesText).toBe(`100 pages, ${job.outcome?.listed} listed`);
  }, 40_000);

  it('says when the monthly quota stopped the crawl', async () => {
    const u = await createTestUser(t.server.context.db);
    await t.server.context.db.run(
      'INSERT INTO usage_months (user_id, month, pages) VALUES (?, ?, 480)',
      [u.id, monthKey(Date.now())],
    );
    const { job } = await crawl(u, messy.url);
    expect(job).toMatchObject({ status: 'completed', pagesCrawled: 20 });
    expect(job.outcome?.endReason).toBe('monthly-quota');
    expect(job.outcome?.endSentence).toMatch(
      /^Stopped at your free plan's monthly quota of 500 pages; [\d,]+ more URLs? (was|were) waiting\. The quota resets on the 1st; Pro has none\.$/,
    );
  }, 40_000);

  it('says in one sentence why nothing was listed when robots.txt shuts the crawler out', async () => {
    const walled = await startFixtureSite({ pages: 5, robots: 'error' });
    try {
      const u = await createTestUser(t.server.context.db);
      const { job } = await crawl(u, walled.url);
      expect(job.resultsTotal).toBe(0);
      expect(job.outcome?.nothingListed).toMatch(/^robots\.txt blocks every page for our crawler/);
      expect(job.outcome?.downloads.every((d) => !d.available && d.reason)).toBe(true);
    } finally {
      await walled.close();
    }
  }, 40_000);

  it('sends the crawl notes and live progress fields in the poll answer', async () => {
    const slow = await startFixtureSite({ pages: 20, latencyMs: 150 });
    try {
      const u = await createTestUser(t.server.context.db);
      const { jobId } = await (
        await call(t.server.url, u, 'POST', '/api/crawl', { url: slow.url })
      ).json();
      let seen: CrawlJob | null = null;
      const end = Date.now() + 30_000;
      while (Date.now() < end) {
        const job = schemas.crawlJob.parse(
          await (await call(t.server.url, u, 'GET', `/api/crawl/${jobId}`)).json(),
        );
        if (job.status === 'completed') break;
        if (job.progress) seen = job;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(seen?.progress?.urlsRecorded).toBeGreaterThanOrEqual(0);
      expect(seen?.progress?.pagesFound).toBeGreaterThan(0);
      expect(seen?.outcome).toBeNull();
      expect(seen?.url).toBe(slow.url);
    } finally {
      await slow.close();
    }
  }, 40_000);
});
