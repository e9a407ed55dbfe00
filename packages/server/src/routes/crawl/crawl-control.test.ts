import { monthKey } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../../tests/fixtures/site/index.js';
import {
  call,
  createTestUser,
  startTestServer,
  storedPagesFetchedSince,
  storedPageUrls,
  type TestServer,
  type TestUser,
} from '../../repos/test-support.js';

let t: TestServer;
let site: FixtureSite;

beforeAll(async () => {
  // A site too large and slow to finish within the test: only a stop or a pause ends a crawl.
  [t, site] = await Promise.all([
    startTestServer(),
    startFixtureSite({ pages: 5000, latencyMs: 40 }),
  ]);
});

afterAll(async () => {
  await Promise.all([t.close(), site.close()]);
});

interface Job {
  status: string;
  pagesCrawled: number;
  control?: string | null;
  outcome: { endReason: string; endSentence: string | null; listed: number } | null;
}

const get = async (u: TestUser, jobId: string): Promise<Job> =>
  (await call(t.server.url, u, 'GET', `/api/crawl/${jobId}`)).json();

async function until(u: TestUser, jobId: string, done: (job: Job) => boolean): Promise<Job> {
  const end = Date.now() + 20_000;
  for (;;) {
    const job = await get(u, jobId);
    if (done(job)) return job;
    if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function start(u: TestUser, of = site): Promise<string> {
  const res = await call(t.server.url, u, 'POST', '/api/crawl', { url: of.url });
  expect(res.status).toBe(201);
  const { jobId } = await res.json();
  await until(u, jobId, (j) => j.status === 'crawling' && j.pagesCrawled >= 5);
  return jobId;
}

const count = async (sql: string, params: string[]) =>
  Number((await t.server.context.db.first<{ n: number }>(sql, params))?.n ?? 0);

describe('stop, pause and resume a crawl (issue 30)', () => {
  it('stops a running crawl within seconds; it keeps its pages and its sitemap lists them', async () => {
    const u = await createTestUser(t.server.context.db, { pro: true });
    const jobId = await start(u);
    const asked = Date.now();
    const res = await call(t.server.url, u, 'POST', `/api/crawl/${jobId}/stop`, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ jobId, control: 'stop' });
    const job = await until(u, jobId, (j) => j.status === 'completed');
    expect(Date.now() - asked).toBeLessThan(5000);
    expect(job.outcome?.endReason).toBe('stopped');
    expect(job.outcome?.endSentence).toMatch(
      new RegExp(`^Stopped by you after ${job.pagesCrawled.toLocaleString('en-US')} pages`),
    );
    expect(job.pagesCrawled).toBeGreaterThanOrEqual(5);
    expect(job.pagesCrawled).toBe(
      await count('SELECT COUNT(*) AS n FROM crawl_pages WHERE job_id = ? AND is_page = 1', [
        jobId,
      ]),
    );
    // Every stored page is charged once; the frontier is gone once the job ended.
    expect(await t.server.context.repos.usage.monthPages(u.id, monthKey(Date.now()))).toBe(
      job.pagesCrawled,
    );
    expect(await count('SELECT COUNT(*) AS n FROM crawl_frontier WHERE job_id = ?', [jobId])).toBe(
      0,
    );
    const xml = await (await call(t.server.url, u, 'GET', `/api/generate/${jobId}/xml`)).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)];
    expect(locs.length).toBe(job.outcome?.listed);
    expect(locs.length).toBeGreaterThanOrEqual(5);
    // Stopping it again: a 409 with its code, and it stays as it is.
    const again = await call(t.server.url, u, 'POST', `/api/crawl/${jobId}/stop`, {});
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'crawl.ended' });
  });

  it('pauses a crawl (claim released, frontier kept), resumes it without fetching a page twice', async () => {
    const u = await createTestUser(t.server.context.db, { pro: true });
    // Its own site, so its request log holds this crawl's fetches only.
    const own = await startFixtureSite({ pages: 5000, latencyMs: 40 });
    const jobId = await start(u, own);
    expect((await call(t.server.url, u, 'POST', `/api/crawl/${jobId}/pause`, {})).status).toBe(200);
    const paused = await until(u, jobId, (j) => j.status === 'paused');
    const row = await t.server.context.db.first<{ claim_token: string | null; lease: string }>(
      'SELECT claim_token, lease_owner AS lease FROM crawl_jobs WHERE id = ?',
      [jobId],
    );
    expect(row).toEqual({ claim_token: null, lease: null });
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM crawl_frontier WHERE job_id = ? AND state = 'queued'",
        [jobId],
      ),
    ).toBeGreaterThan(0);
    // Nothing runs while paused.
    await new Promise((r) => setTimeout(r, 1500));
    const still = await get(u, jobId);
    expect(still).toMatchObject({ status: 'paused', pagesCrawled: paused.pagesCrawled });
    // A paused crawl waits for its owner, not for a worker: health counts it in neither.
    const health = await (await fetch(`${t.server.url}/api/health`)).json();
    expect(health.queue).toMatchObject({ waiting: 0, running: 0 });
    const notPaused = await call(t.server.url, u, 'POST', `/api/crawl/${jobId}/pause`, {});
    expect(notPaused.status).toBe(200);
    const storedAtPause = await storedPageUrls(t.server.context.db, jobId);
    const resumedAt = Date.now();
    const resumed = await call(t.server.url, u, 'POST', `/api/crawl/${jobId}/resume`, {});
    expect(resumed.status).toBe(200);
    await until(
      u,
      jobId,
      (j) => j.status === 'crawling' && j.pagesCrawled > paused.pagesCrawled + 3,
    );
    const twice = await call(t.server.url, u, 'POST', `/api/crawl/${jobId}/resume`, {});
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ code: 'crawl.not-paused' });
    await call(t.server.url, u, 'POST', `/api/crawl/${jobId}/stop`, {});
    const job = await until(u, jobId, (j) => j.status === 'completed');
    expect(job.outcome?.endReason).toBe('stopped');
    // Resumed from the frontier: no stored page was fetched again, none charged twice.
    expect(
      await storedPagesFetchedSince(
        t.server.context.db,
        jobId,
        own.requests(),
        resumedAt,
        storedAtPause,
      ),
    ).toEqual([]);
    expect(await t.server.context.repos.usage.monthPages(u.id, monthKey(Date.now()))).toBe(
      job.pagesCrawled,
    );
    await own.close();
  });

  it('stops a paused crawl: it completes with the pages it had', async () => {
    const u = await createTestUser(t.server.context.db, { pro: true });
    const jobId = await start(u);
    await call(t.server.url, u, 'POST', `/api/crawl/${jobId}/pause`, {});
    const paused = await until(u, jobId, (j) => j.status === 'paused');
    await call(t.server.url, u, 'POST', `/api/crawl/${jobId}/stop`, {});
    const job = await until(u, jobId, (j) => j.status === 'completed');
    expect(job.pagesCrawled).toBe(paused.pagesCrawled);
    expect(job.outcome?.endSentence).toMatch(/^Stopped by you after \d+ pages/);
  });

  it("answers 404 for another user's crawl and leaves it running", async () => {
    const owner = await createTestUser(t.server.context.db, { pro: true });
    const other = await createTestUser(t.server.context.db, { pro: true });
    const jobId = await start(owner);
    for (const verb of ['stop', 'pause', 'resume']) {
      const res = await call(t.server.url, other, 'POST', `/api/crawl/${jobId}/${verb}`, {});
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'crawl.not-found' });
    }
    expect(await get(owner, jobId)).toMatchObject({ status: 'crawling', control: null });
    await call(t.server.url, owner, 'POST', `/api/crawl/${jobId}/stop`, {});
    await until(owner, jobId, (j) => j.status === 'completed');
  });
});
