import { testPostgresUrl } from '@mapsmith/app/testing';
import { monthKey } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../tests/fixtures/site/index.js';
import {
  createTestUser,
  storedPagesFetchedSince,
  storedPageUrls,
  type TestUser,
} from '../repos/test-support.js';
import {
  type ClusterNode,
  startCrawl,
  startTestCluster,
  type TestCluster,
  waitFor,
} from './cluster-test-support.js';

interface Row {
  status: string;
  control: string | null;
  owner: string | null;
  token: string | null;
  pages: number;
}

// Process-level (issue 30): a worker process holds the crawl's claim, and the stop, pause and
// resume go to an API process; the worker notices within seconds through the shared Postgres.
describe.skipIf(!testPostgresUrl())('stopping a crawl across processes on Postgres', () => {
  let cluster: TestCluster;
  let site: FixtureSite;
  let api: ClusterNode;
  let user: TestUser;

  beforeAll(async () => {
    // Too large and slow to end by itself during the test.
    site = await startFixtureSite({ pages: 5000, latencyMs: 40 });
    cluster = await startTestCluster();
    [api] = await Promise.all([
      cluster.start('api'),
      cluster.start('worker'),
      cluster.start('worker'),
    ]);
    user = await createTestUser(cluster.db, { pro: true });
  });

  afterAll(async () => {
    await cluster?.close();
    await site?.close();
  });

  const row = async (jobId: string) => {
    const r = await cluster.db.first<Row>(
      `SELECT status, control, lease_owner AS owner, claim_token AS token, pages_crawled AS pages
         FROM crawl_jobs WHERE id = ?`,
      [jobId],
    );
    if (!r) throw new Error('no job row');
    return r;
  };
  const ask = async (jobId: string, verb: 'stop' | 'pause' | 'resume') => {
    const res = await fetch(`${api.url}/api/crawl/${jobId}/${verb}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: user.cookie },
      body: '{}',
    });
    return { status: res.status, body: await res.json() };
  };

  it('pauses, resumes and stops a crawl a worker holds, each within seconds', async () => {
    const started = await startCrawl(api, user, site.url);
    expect(started.status).toBe(201);
    const jobId = started.body.jobId ?? '';
    const running = await waitFor('the crawl under way on a worker', async () => {
      const r = await row(jobId);
      return r.status === 'crawling' && r.owner && r.pages >= 5 ? r : undefined;
    });
    expect(running.owner).toMatch(/^worker-/);

    // Pause: the worker hands its claim back and the frontier stays.
    let asked = Date.now();
    expect((await ask(jobId, 'pause')).status).toBe(200);
    const paused = await waitFor(
      'the pause',
      async () => {
        const r = await row(jobId);
        return r.status === 'pending' && r.token === null ? r : undefined;
      },
      5000,
    );
    expect(Date.now() - asked).toBeLessThan(5000);
    expect(paused).toMatchObject({ control: 'pause', owner: null });
    const frontier = await cluster.db.first<{ n: number }>(
      "SELECT COUNT(*) AS n FROM crawl_frontier WHERE job_id = ? AND state = 'queued'",
      [jobId],
    );
    expect(Number(frontier?.n)).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 2000));
    expect(await row(jobId)).toMatchObject({ status: 'pending', pages: paused.pages });
    const shown = await (
      await fetch(`${api.url}/api/crawl/${jobId}`, { headers: { Cookie: user.cookie } })
    ).json();
    expect(shown.status).toBe('paused');

    // Resume: a worker claims it again and carries on from the frontier.
    const storedAtPause = await storedPageUrls(cluster.db, jobId);
    const resumedAt = Date.now();
    expect((await ask(jobId, 'resume')).status).toBe(200);
    await waitFor('the crawl resumed', async () => {
      const r = await row(jobId);
      return r.status === 'crawling' && r.pages > paused.pages + 3 ? r : undefined;
    });

    // Stop: the worker holding the claim ends it with what it stored.
    asked = Date.now();
    expect((await ask(jobId, 'stop')).status).toBe(200);
    const stopped = await waitFor(
      'the stop',
      async () => {
        const r = await row(jobId);
        return r.status === 'completed' ? r : undefined;
      },
      5000,
    );
    expect(Date.now() - asked).toBeLessThan(5000);
    const job = await (
      await fetch(`${api.url}/api/crawl/${jobId}`, { headers: { Cookie: user.cookie } })
    ).json();
    expect(job.outcome.endReason).toBe('stopped');
    expect(job.outcome.endSentence).toMatch(/^Stopped by you after [\d,]+ pages/);
    expect(job.pagesCrawled).toBe(stopped.pages);
    // No stored page fetched again after the resume, none charged twice.
    expect(
      await storedPagesFetchedSince(cluster.db, jobId, site.requests(), resumedAt, storedAtPause),
    ).toEqual([]);
    const charged = await cluster.db.first<{ pages: number }>(
      'SELECT pages FROM usage_months WHERE user_id = ? AND month = ?',
      [user.id, monthKey(Date.now())],
    );
    expect(Number(charged?.pages)).toBe(stopped.pages);
    expect((await ask(jobId, 'stop')).body).toMatchObject({ code: 'crawl.ended' });
  });
});
