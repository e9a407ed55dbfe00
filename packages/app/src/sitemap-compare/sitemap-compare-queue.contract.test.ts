import type { SitemapCompareSummary, SqlDatabase } from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock, seedCrawlJob, seedUser } from '../testing/pro-contract-support.js';
import {
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../testing/test-databases.js';
import { SqlSitemapCompareQueue } from './sitemap-compare-queue.js';

const LEASE = 30_000;
const MAX = 3;
/** The findings are saved by the run; the queue writes only the end. */
const SUMMARY = {} as SitemapCompareSummary;

async function row(db: SqlDatabase, id: string) {
  return db.first<{ status: string; attempts: number; owner: string | null }>(
    'SELECT status, attempts, lease_owner AS owner FROM sitemap_compare_jobs WHERE job_id = ?',
    [id],
  );
}

describe.each(testDatabaseKinds)('the live-sitemap comparison queue on %s', (kind) => {
  let t: TestDatabase;
  let clock: ReturnType<typeof manualClock>;
  let queue: SqlSitemapCompareQueue;
  let user: number;

  beforeEach(async () => {
    t = await openTestDatabase(kind);
    clock = manualClock();
    queue = new SqlSitemapCompareQueue(t.db, clock);
    user = await seedUser(t.db);
  });
  afterEach(() => t.close());

  it('runs one comparison per user at a time: the same crawl joins, another crawl is refused', async () => {
    const a = await seedCrawlJob(t.db, user);
    const b = await seedCrawlJob(t.db, user);
    expect(await queue.run(a)).toBeNull();
    expect(await queue.start(a, user)).toEqual({ run: { state: 'waiting', error: null } });
    expect(await queue.start(a, user)).toEqual({ run: { state: 'waiting', error: null } });
    expect(await queue.start(b, user)).toEqual({ busyWith: a });
    // Another user is not held up (their start is later: the oldest is claimed first).
    clock.ms += 1;
    const other = await seedUser(t.db);
    const c = await seedCrawlJob(t.db, other);
    expect(await queue.start(c, other)).toEqual({ run: { state: 'waiting', error: null } });

    const w1 = await queue.claim('w1', LEASE, MAX);
    expect(w1?.job).toEqual({ id: a, userId: user });
    expect(await queue.start(a, user)).toEqual({ run: { state: 'comparing', error: null } });
    expect(await queue.start(b, user)).toEqual({ busyWith: a });
    expect(await queue.complete(a, w1?.claimToken ?? '', SUMMARY)).toBe(true);
    expect(await queue.run(a)).toEqual({ state: 'done', error: null });
    // Done: the other crawl may start, and the first one may be compared again after it.
    expect(await queue.start(b, user)).toEqual({ run: { state: 'waiting', error: null } });
    expect(await queue.start(a, user)).toEqual({ busyWith: b });
  });

  it('hands a run whose lease ran out to another worker, fences the old one, fails after its attempts', async () => {
    const a = await seedCrawlJob(t.db, user);
    await queue.start(a, user);
    const w1 = await queue.claim('w1', LEASE, MAX);
    expect(w1).toMatchObject({ resumed: false });
    expect(await queue.claim('w2', LEASE, MAX)).toBeNull();
    clock.ms += LEASE + 1;
    const w2 = await queue.claim('w2', LEASE, MAX);
    expect(w2).toMatchObject({ job: { id: a }, resumed: true });
    expect(await queue.heartbeat(a, w1?.claimToken ?? '', LEASE)).toBe(false);
    expect(await queue.heartbeat(a, w2?.claimToken ?? '', LEASE)).toBe(true);
    expect(await queue.complete(a, w1?.claimToken ?? '', SUMMARY)).toBe(false);
    expect(await row(t.db, a)).toMatchObject({ status: 'running', owner: 'w2' });
    clock.ms += LEASE + 1;
    expect(await queue.claim('w3', LEASE, MAX)).toMatchObject({ resumed: true });
    clock.ms += LEASE + 1;
    expect(await queue.claim('w4', LEASE, MAX)).toBeNull();
    const failed = await queue.run(a);
    expect(failed?.state).toBe('failed');
    expect(failed?.error).toBe(
      'The comparison was interrupted 3 times (each time the server or the app running it stopped) and was stopped. Please start it again.',
    );
    // A failed comparison may be started again, from scratch.
    expect(await queue.start(a, user)).toEqual({ run: { state: 'waiting', error: null } });
    expect(await row(t.db, a)).toMatchObject({ status: 'pending', attempts: 0, owner: null });
  });

  it('releases its runs as waiting at a graceful stop, and expires the leases of dead owners', async () => {
    const a = await seedCrawlJob(t.db, user);
    await queue.start(a, user);
    await queue.claim('w1', LEASE, MAX);
    expect(await queue.release('w1')).toBe(1);
    expect(await row(t.db, a)).toMatchObject({ status: 'pending', attempts: 0, owner: null });
    await queue.claim('w1', LEASE, MAX);
    expect(await queue.expireLeasesOf((o) => o === 'w1')).toBe(1);
    const w2 = await queue.claim('w2', LEASE, MAX);
    expect(w2).toMatchObject({ resumed: true });
    await queue.fail(a, w2?.claimToken ?? '', 'The crawl no longer exists.');
    expect(await queue.run(a)).toEqual({ state: 'failed', error: 'The crawl no longer exists.' });
  });
});
