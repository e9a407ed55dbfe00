import {
  type CrawlRunner,
  CrawlTask,
  createSqlRepositories,
  type Repositories,
} from '@mapsmith/app';
import { openTestDatabase, type TestDatabase } from '@mapsmith/app/testing';
import type { SqlDatabase } from '@mapsmith/core';
import { type CrawlSummary, makePage, silentLogger } from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestUser } from '../repos/test-support.js';
import { DISK_FULL_CRAWL_STOP } from '../storage/disk-space.js';
import { isDeadLocalOwner, WorkerPool } from './worker-pool.js';

let testDb: TestDatabase;
let db: SqlDatabase;
let repos: Repositories;
let pool: WorkerPool | undefined;

beforeEach(async () => {
  testDb = await openTestDatabase('sqlite');
  db = testDb.db;
  repos = createSqlRepositories(db);
});

afterEach(async () => {
  await pool?.stop();
  pool = undefined;
  await testDb.close();
});

const summary = (over: Partial<CrawlSummary> = {}): CrawlSummary => ({
  startUrl: 'https://example.com/',
  pagesCrawled: 0,
  included: 0,
  excluded: {},
  renderedPages: 0,
  endedBy: 'finished',
  pruned: {},
  durationMs: 1,
  error: null,
  ...over,
});

async function newJob() {
  const user = await createTestUser(db);
  const started = await repos.jobs.start({
    userId: user.id,
    plan: 'free',
    url: 'https://example.com/',
    engineeringCap: 1000,
  });
  if (!started.ok) throw new Error('refused');
  return { user, job: started.job };
}

function startPool(run: CrawlRunner, leaseMs = 2000) {
  pool = new WorkerPool(
    repos.queue,
    new CrawlTask(repos.jobs, run, DISK_FULL_CRAWL_STOP),
    { concurrency: 2, leaseMs, heartbeatMs: Math.floor(leaseMs / 4), pollMs: 50 },
    silentLogger,
  );
  return pool;
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('WorkerPool', () => {
  it('leaves the lease of a live process alone at start (another server on the file)', async () => {
    const { user, job } = await newJob();
    await db.run(
      "UPDATE crawl_jobs SET status = 'crawling', attempts = 1, lease_owner = ?, lease_expires_at = ? WHERE id = ?",
      [`worker-${process.ppid}-other`, Date.now() + 60_000, job.id],
    );
    let ran = false;
    await startPool(async () => {
      ran = true;
      return summary();
    }).start(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(ran).toBe(false);
    expect((await repos.jobs.get(job.id, user.id))?.status).toBe('crawling');
    expect(isDeadLocalOwner(`worker-${process.ppid}-other`)).toBe(false);
    expect(isDeadLocalOwner('worker-99999999-x')).toBe(true);
    expect(isDeadLocalOwner('some-postgres-worker')).toBe(false);
  });

  it('runs a pending job to completed and records its duration', async () => {
    const { user, job } = await newJob();
    await startPool(async () => {
      await new Promise((r) => setTimeout(r, 30));
      return summary();
    }).start(true);
    const done = await until(
      () => repos.jobs.get(job.id, user.id),
      (j) => j?.status === 'completed',
    );
    expect(done?.status).toBe('completed');
    expect(done?.attempts).toBe(1);
    const row = await db.first<{ duration_ms: number }>(
      'SELECT duration_ms FROM crawl_jobs WHERE id = ?',
      [job.id],
    );
    expect(row?.duration_ms).toBeGreaterThanOrEqual(25);
  });

  it('fails a job with the crawl error, or with what the runner threw', async () => {
    const a = await newJob();
    const b = await newJob();
    await startPool(async (job) => {
      if (job.id === a.job.id) return summary({ endedBy: 'error', error: 'Start URL refused' });
      throw new Error('boom');
    }).start(true);
    const ja = await until(
      () => repos.jobs.get(a.job.id, a.user.id),
      (j) => j?.status === 'failed',
    );
    const jb = await until(
      () => repos.jobs.get(b.job.id, b.user.id),
      (j) => j?.status === 'failed',
    );
    expect(ja?.error).toBe('Start URL refused');
    expect(jb?.error).toBe('The crawl failed: boom');
  });

  it('fails a crawl whose error only mentions a lost database: words decide nothing', async () => {
    const { user, job } = await newJob();
    let runs = 0;
    // A page's failure that quotes the adapter's words (a database error page of the site);
    // a lost database of our own is told by the store's typed error (worker-pool-postgres.test).
    const error = 'crawler failure on https://example.com/: Postgres is unreachable at db:5432';
    await startPool(async () => {
      runs += 1;
      return summary({ endedBy: 'error', error });
    }, 600).start(true);
    const done = await until(
      () => repos.jobs.get(job.id, user.id),
      (j) => j?.status === 'completed' || j?.status === 'failed',
    );
    expect(done).toMatchObject({ status: 'failed', error, attempts: 1 });
    expect(runs).toBe(1);
  });

  it('resumes a job a dead process left crawling, with its leased frontier requeued', async () => {
    const { user, job } = await newJob();
    const store = repos.jobs.store(job.id);
    await store.enqueue([
      { url: 'https://example.com/a', key: 'a', depth: 0, foundVia: 'start', referrer: null },
    ]);
    await store.take(1);
    // A process id that cannot be running: the kernel's pid range ends well below it.
    await db.run(
      "UPDATE crawl_jobs SET status = 'crawling', attempts = 1, lease_owner = 'worker-99999999-dead', lease_expires_at = ? WHERE id = ?",
      [Date.now() + 60_000, job.id],
    );
    let seen: { resumed: boolean; queued: number } | undefined;
    await startPool(async (_job, ctx) => {
      seen = { resumed: ctx.resumed, queued: (await ctx.store.counts()).queued };
      return summary();
    }).start(true);
    const done = await until(
      () => repos.jobs.get(job.id, user.id),
      (j) => j?.status === 'completed',
    );
    expect(done?.status).toBe('completed');
    expect(done?.attempts).toBe(2);
    expect(seen).toEqual({ resumed: true, queued: 1 });
  });

  it('fails a job interrupted too often, with its reason', async () => {
    const { user, job } = await newJob();
    await db.run(
      "UPDATE crawl_jobs SET status = 'crawling', attempts = 3, lease_owner = 'dead', lease_expires_at = 0 WHERE id = ?",
      [job.id],
    );
    await startPool(async () => summary()).start(false);
    const failed = await until(
      () => repos.jobs.get(job.id, user.id),
      (j) => j?.status === 'failed',
    );
    expect(failed?.error).toMatch(/interrupted 3 times/);
  });

  it('on stop, aborts running crawls and leaves them pending without counting the stop', async () => {
    const { user, job } = await newJob();
    let aborted = false;
    const p = startPool(
      (_job, ctx) =>
        new Promise((resolve) => {
          ctx.signal.addEventListener('abort', () => {
            aborted = true;
            resolve(summary({ endedBy: 'cancelled' }));
          });
        }),
    );
    await p.start(true);
    await until(
      () => repos.jobs.get(job.id, user.id),
      (j) => j?.status === 'crawling',
    );
    await p.stop();
    pool = undefined;
    expect(aborted).toBe(true);
    const after = await repos.jobs.get(job.id, user.id);
    expect(after).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('aborts a crawl whose lease another worker took over, and records nothing', async () => {
    const { user, job } = await newJob();
    let aborted = false;
    await startPool(
      (_job, ctx) =>
        new Promise((resolve) => {
          ctx.signal.addEventListener('abort', () => {
            aborted = true;
            resolve(summary());
          });
        }),
      400,
    ).start(true);
    await until(
      () => repos.jobs.get(job.id, user.id),
      (j) => j?.status === 'crawling',
    );
    // What a claim by another worker does to the row: a new owner and a new claim token.
    await db.run(
      "UPDATE crawl_jobs SET lease_owner = 'someone-else', claim_token = 'another-claim' WHERE id = ?",
      [job.id],
    );
    await until(
      async () => aborted,
      (v) => v,
      3000,
    );
    expect(aborted).toBe(true);
    expect((await repos.jobs.get(job.id, user.id))?.status).toBe('crawling');
  });

  it('stops a crawl whose page store finds the claim taken over, without failing the job', async () => {
    const { user, job } = await newJob();
    let stored: unknown = 'not tried';
    let release: () => void = () => {};
    const takenOver = new Promise<void>((r) => {
      release = r;
    });
    // A long lease: the page store, not a heartbeat, is what notices the takeover here.
    await startPool(async (_job, ctx) => {
      await takenOver;
      // A crawl's store holds its saves: the batch is written (and fenced) by the read after it.
      stored = await ctx.store
        .savePage('k', makePage('https://example.com/', { status: 200 }))
        .then(() => ctx.store.counts())
        .then(
          () => 'stored',
          (err: Error) => err.name,
        );
      // The crawler turns a store failure into an errored summary: the task must not record it.
      return summary({ endedBy: 'error', error: 'storage failed' });
    }, 60_000).start(true);
    await until(
      () => repos.jobs.get(job.id, user.id),
      (j) => j?.status === 'crawling',
    );
    await db.run(
      "UPDATE crawl_jobs SET lease_owner = 'someone-else', claim_token = 'another-claim' WHERE id = ?",
      [job.id],
    );
    release();
    await until(
      async () => pool?.active ?? 0,
      (n) => n === 0,
    );
    expect(stored).toBe('ClaimLostError');
    expect(await repos.jobs.get(job.id, user.id)).toMatchObject({
      status: 'crawling',
      error: null,
      pagesCrawled: 0,
    });
  });

  it('resumes at once a job whose lease lapsed here and that it claimed again', async () => {
    const { user, job } = await newJob();
    const runs: boolean[] = [];
    await startPool((_job, ctx) => {
      runs.push(ctx.resumed);
      if (runs.length > 1) return Promise.resolve(summary());
      // The first run hangs until it is stopped, as a run of a stalled process would.
      return new Promise((resolve) =>
        ctx.signal.addEventListener('abort', () => resolve(summary())),
      );
    }, 60_000).start(true);
    await until(
      () => repos.jobs.get(job.id, user.id),
      (j) => j?.status === 'crawling',
    );
    await db.run('UPDATE crawl_jobs SET lease_expires_at = 0 WHERE id = ?', [job.id]);
    pool?.wake();
    const done = await until(
      () => repos.jobs.get(job.id, user.id),
      (j) => j?.status === 'completed',
    );
    expect(done).toMatchObject({ status: 'completed', attempts: 2 });
    expect(runs).toEqual([false, true]);
  });

  it('keeps heartbeats going so a crawl longer than the lease is not taken away', async () => {
    const { user, job } = await newJob();
    await startPool(async () => {
      await new Promise((r) => setTimeout(r, 1200));
      return summary();
    }, 400).start(true);
    const done = await until(
      () => repos.jobs.get(job.id, user.id),
      (j) => j?.status === 'completed',
    );
    expect(done).toMatchObject({ status: 'completed', attempts: 1 });
  });
});
