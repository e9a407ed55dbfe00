import type { CrawlOutcome } from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Repositories } from '../repositories.js';
import { createSqlRepositories } from '../repositories.js';
import { finishedSummary, htmlPage, insertUser, startJob } from '../testing/contract-support.js';
import {
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../testing/test-databases.js';
import { ClaimLostError } from './claim-lost.js';

const LEASE = 60_000;

describe.each(testDatabaseKinds)('JobQueue contract on %s', (kind) => {
  let t: TestDatabase;
  let repos: Repositories;
  let now: number;

  beforeEach(async () => {
    t = await openTestDatabase(kind);
    now = Date.UTC(2026, 10, 22, 12);
    repos = createSqlRepositories(t.db, { now: () => now });
  });
  afterEach(() => t.close());

  it('claims the oldest pending job with a fresh token, once', async () => {
    const user = await insertUser(t.db);
    const first = await startJob(repos, user);
    now += 1;
    await startJob(repos, user, 'free', 'https://second.example/');
    const a = await repos.queue.claim('w1', LEASE, 3);
    const b = await repos.queue.claim('w2', LEASE, 3);
    expect(a?.job).toMatchObject({ id: first.id, status: 'crawling', attempts: 1 });
    expect(a?.resumed).toBe(false);
    expect(b?.job.url).toBe('https://second.example/');
    expect(a?.claimToken).toMatch(/^[0-9a-f-]{36}$/);
    expect(a?.claimToken).not.toBe(b?.claimToken);
    expect(await repos.queue.claim('w3', LEASE, 3)).toBeNull();
  });

  it('fences a worker whose lease lapsed and whose job was claimed again', async () => {
    const user = await insertUser(t.db);
    const job = await startJob(repos, user);
    const old = await repos.queue.claim('w1', LEASE, 3);
    if (!old) throw new Error('not claimed');
    const oldStore = repos.jobs.store(job.id, old.claimToken);
    await oldStore.enqueue([
      { url: 'https://example.com/a', key: 'a', depth: 1, foundVia: 'link', referrer: null },
    ]);
    await oldStore.savePage('p0', htmlPage('https://example.com/0'));
    now += LEASE + 1;
    const taken = await repos.queue.claim('w2', LEASE, 3);
    expect(taken).toMatchObject({ resumed: true, job: { id: job.id, attempts: 2 } });
    if (!taken) throw new Error('not taken over');
    // The old holder can neither renew, charge, lease frontier entries nor finish.
    expect(await repos.queue.heartbeat(job.id, old.claimToken, LEASE)).toBe(false);
    await expect(oldStore.savePage('p1', htmlPage('https://example.com/1'))).rejects.toThrow(
      ClaimLostError,
    );
    await expect(oldStore.take(5)).rejects.toThrow(ClaimLostError);
    expect(await repos.queue.complete(job.id, old.claimToken, finishedSummary)).toBe(false);
    expect(await repos.queue.fail(job.id, old.claimToken, 'stale')).toBe(false);
    const mid = await repos.jobs.get(job.id, user);
    expect(mid).toMatchObject({ status: 'crawling', pagesCrawled: 1, error: null });
    // The new holder carries on and finishes.
    const store = repos.jobs.store(job.id, taken.claimToken);
    expect((await store.take(5)).map((e) => e.key)).toEqual(['a']);
    // Nor, resuming under the old claim, put the new holder's leased entries back in the queue
    // to be fetched twice (a fresh store: `oldStore` stopped at its refused save).
    const resuming = repos.jobs.store(job.id, old.claimToken);
    await expect(resuming.requeueLeased()).rejects.toThrow(ClaimLostError);
    expect(await store.take(5)).toEqual([]);
    await store.savePage('p1', htmlPage('https://example.com/1'));
    expect(await repos.queue.heartbeat(job.id, taken.claimToken, LEASE)).toBe(true);
    expect(await repos.queue.complete(job.id, taken.claimToken, finishedSummary)).toBe(true);
    const done = await repos.jobs.get(job.id, user);
    expect(done).toMatchObject({ status: 'completed', pagesCrawled: 2 });
    expect(await repos.usage.monthPages(user, '2026-11')).toBe(2);
    // A finished job carries no claim: not even its last holder can write to it any more.
    await expect(store.savePage('p2', htmlPage('https://example.com/2'))).rejects.toThrow(
      ClaimLostError,
    );
  });

  it('writes the outcome of a job only for the claim that holds it (issue 27)', async () => {
    const user = await insertUser(t.db);
    const job = await startJob(repos, user);
    const old = await repos.queue.claim('w1', LEASE, 3);
    now += LEASE + 1;
    // Taken over under the same owner id: a stalled worker that claimed its own job again.
    const taken = await repos.queue.claim('w1', LEASE, 3);
    if (!old || !taken) throw new Error('not claimed');
    // The outcome is only stored as JSON here; its shape is the crawl's concern.
    const stale = { pagesCrawled: 1 } as unknown as CrawlOutcome;
    await expect(repos.jobs.saveOutcome(job.id, stale, old.claimToken)).rejects.toThrow(
      ClaimLostError,
    );
    const read = () =>
      t.db.first<{ outcome: string | null }>('SELECT outcome FROM crawl_jobs WHERE id = ?', [
        job.id,
      ]);
    expect((await read())?.outcome).toBeNull();
    await repos.jobs.saveOutcome(
      job.id,
      { pagesCrawled: 2 } as unknown as CrawlOutcome,
      taken.claimToken,
    );
    expect(JSON.parse((await read())?.outcome ?? 'null')).toEqual({ pagesCrawled: 2 });
  });

  it('records a failure only for the claim that holds the job', async () => {
    const user = await insertUser(t.db);
    const job = await startJob(repos, user);
    const claimed = await repos.queue.claim('w1', LEASE, 3);
    if (!claimed) throw new Error('not claimed');
    expect(await repos.queue.fail(job.id, 'not-the-token', 'x')).toBe(false);
    expect(await repos.queue.fail(job.id, claimed.claimToken, 'The site was unreachable')).toBe(
      true,
    );
    expect(await repos.jobs.get(job.id, user)).toMatchObject({
      status: 'failed',
      error: 'The site was unreachable',
    });
  });

  it('fails a job taken too often instead of claiming it again', async () => {
    const user = await insertUser(t.db);
    const job = await startJob(repos, user);
    for (let i = 0; i < 2; i++) {
      expect(await repos.queue.claim(`w${i}`, LEASE, 2)).not.toBeNull();
      now += LEASE + 1;
    }
    expect(await repos.queue.claim('w9', LEASE, 2)).toBeNull();
    const failed = await repos.jobs.get(job.id, user);
    expect(failed?.status).toBe('failed');
    expect(failed?.error).toContain('interrupted 2 times');
  });

  it('releases an owner’s jobs as pending without counting the stop, and drops the claim', async () => {
    const user = await insertUser(t.db);
    const job = await startJob(repos, user);
    const claimed = await repos.queue.claim('w1', LEASE, 3);
    if (!claimed) throw new Error('not claimed');
    expect(await repos.queue.release('w1')).toBe(1);
    expect(await repos.jobs.get(job.id, user)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await repos.queue.heartbeat(job.id, claimed.claimToken, LEASE)).toBe(false);
    const again = await repos.queue.claim('w2', LEASE, 3);
    expect(again).toMatchObject({ resumed: false, job: { attempts: 1 } });
  });

  it('expires the leases of gone owners only', async () => {
    const user = await insertUser(t.db);
    await startJob(repos, user);
    now += 1;
    await startJob(repos, user, 'free', 'https://b.example/');
    await repos.queue.claim('gone-1', LEASE, 3);
    await repos.queue.claim('alive-1', LEASE, 3);
    expect(await repos.queue.expireLeasesOf((o) => o.startsWith('gone'))).toBe(1);
    expect((await repos.queue.claim('w3', LEASE, 3))?.resumed).toBe(true);
  });

  it('sweeps the frontier of finished jobs', async () => {
    const user = await insertUser(t.db);
    const job = await startJob(repos, user);
    const claimed = await repos.queue.claim('w1', LEASE, 3);
    if (!claimed) throw new Error('not claimed');
    await repos.jobs
      .store(job.id)
      .enqueue([
        { url: 'https://example.com/x', key: 'x', depth: 1, foundVia: 'link', referrer: null },
      ]);
    await t.db.run("UPDATE crawl_jobs SET status = 'failed' WHERE id = ?", [job.id]);
    expect(await repos.queue.sweepFrontiers()).toBe(1);
    expect(await repos.jobs.waiting(job.id)).toBe(0);
  });
});
