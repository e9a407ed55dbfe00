import type { SqlDatabase } from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock, openTwoHandles, seedUser } from '../testing/pro-contract-support.js';
import {
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../testing/test-databases.js';
import { SqlAuditRepository } from './audit-jobs.js';
import { SqlAuditQueue } from './audit-queue.js';

const LEASE = 30_000;
const MAX = 3;

async function status(db: SqlDatabase, id: string) {
  return db.first<{ status: string; attempts: number; error: string | null; owner: string | null }>(
    'SELECT status, attempts, error, lease_owner AS owner FROM audit_jobs WHERE id = ?',
    [id],
  );
}

describe.each(testDatabaseKinds)('the audit queue on %s', (kind) => {
  let t: TestDatabase;
  let clock: ReturnType<typeof manualClock>;
  let queue: SqlAuditQueue;
  let audits: SqlAuditRepository;
  let user: number;
  const start = (source = 'https://s.example/sitemap.xml') =>
    audits.start({ userId: user, source, sourceUrl: source, content: null, monthQuota: null });

  beforeEach(async () => {
    t = await openTestDatabase(kind);
    clock = manualClock();
    queue = new SqlAuditQueue(t.db, clock);
    audits = new SqlAuditRepository(t.db, clock);
    user = await seedUser(t.db);
  });
  afterEach(() => t.close());

  it('hands out jobs oldest first (insertion order within one millisecond), then none', async () => {
    const a = await start('https://a.example/');
    const b = await start('https://b.example/');
    clock.ms -= 10;
    const older = await start('https://older.example/');
    clock.ms += 10;
    const claims = [];
    for (let i = 0; i < 4; i++) claims.push(await queue.claim(`w${i}`, LEASE, MAX));
    expect(claims.map((c) => c?.job.id ?? null)).toEqual([older, a, b, null]);
    expect(claims[0]).toEqual({
      claimToken: expect.any(String),
      job: {
        id: older,
        userId: user,
        source: 'https://older.example/',
        sourceUrl: 'https://older.example/',
        listed: false,
      },
      resumed: false,
    });
    expect(await status(t.db, a)).toMatchObject({ status: 'running', attempts: 1, owner: 'w1' });
  });

  it('lets a user run only their share of audits: another user’s later audit goes first', async () => {
    const a1 = await start('https://a1.example/');
    const a2 = await start('https://a2.example/');
    const other = await seedUser(t.db);
    const b = await audits.start({
      userId: other,
      source: 'https://b.example/',
      sourceUrl: 'https://b.example/',
      content: null,
      monthQuota: null,
    });
    const claims = [];
    for (let i = 0; i < 3; i++) claims.push(await queue.claim(`w${i}`, LEASE, MAX, 1));
    expect(claims.map((c) => c?.job.id ?? null)).toEqual([a1, b, null]);
    // The user's first audit done, their second one is theirs to run.
    await queue.complete(a1, claims[0]?.claimToken ?? '', { saved: 0, endedBy: 'done' });
    expect((await queue.claim('w3', LEASE, MAX, 1))?.job.id).toBe(a2);
  });

  it('keeps the listing’s note on completion and adds how the run ended after it', async () => {
    const id = await start();
    const w1 = await queue.claim('w1', LEASE, MAX);
    await t.db.run('UPDATE audit_jobs SET error = ? WHERE id = ?', ['The listing was cut.', id]);
    await queue.complete(id, w1?.claimToken ?? '', {
      saved: 3,
      endedBy: 'time',
      timeBudgetMs: 1_800_000,
    });
    expect((await status(t.db, id))?.error).toBe(
      'The listing was cut. The audit stopped at its time limit of 30 min; the URLs checked so far are shown.',
    );
  });

  it('lets only the claim holder renew, complete or fail a job', async () => {
    const id = await start();
    const token = (await queue.claim('w1', LEASE, MAX))?.claimToken ?? '';
    expect(await queue.heartbeat(id, 'w2', LEASE)).toBe(false);
    expect(await queue.heartbeat(id, token, LEASE)).toBe(true);
    await queue.complete(id, 'w2', { saved: 1, endedBy: 'done' });
    await queue.fail(id, 'w2', 'not yours');
    expect(await status(t.db, id)).toMatchObject({ status: 'running', error: null });
    await queue.complete(id, token, { saved: 4, endedBy: 'refused' });
    const done = await status(t.db, id);
    expect(done).toMatchObject({ status: 'completed', owner: null });
    expect(done?.error).toMatch(/monthly page limit/);
    expect(await queue.heartbeat(id, token, LEASE)).toBe(false);
  });

  it('resumes a job whose lease expired, and fails it in words after its attempts', async () => {
    const id = await start();
    const w1 = await queue.claim('w1', LEASE, MAX);
    expect(w1?.resumed).toBe(false);
    expect(await queue.claim('w2', LEASE, MAX)).toBeNull();
    clock.ms += LEASE + 1;
    expect(await queue.claim('w2', LEASE, MAX)).toMatchObject({ job: { id }, resumed: true });
    expect(await queue.heartbeat(id, w1?.claimToken ?? '', LEASE)).toBe(false);
    clock.ms += LEASE + 1;
    await queue.claim('w3', LEASE, MAX);
    clock.ms += LEASE + 1;
    expect(await queue.claim('w4', LEASE, MAX)).toBeNull();
    const failed = await status(t.db, id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, owner: null });
    expect(failed?.error).toBe(
      'The audit was interrupted 3 times (each time the server or the app running it stopped) and was stopped; 0 URLs had been checked. Please start it again.',
    );
  });

  it('counts one interruption and one checked URL in the singular (walkthrough defect 43)', async () => {
    const id = await start();
    await queue.claim('w1', LEASE, 1);
    await t.db.run('UPDATE audit_jobs SET checked = 1 WHERE id = ?', [id]);
    clock.ms += LEASE + 1;
    expect(await queue.claim('w2', LEASE, 1)).toBeNull();
    expect((await status(t.db, id))?.error).toBe(
      'The audit was interrupted 1 time (each time the server or the app running it stopped) and was stopped; 1 URL had been checked. Please start it again.',
    );
  });

  it('releases on shutdown without counting the attempt, and expires dead owners at once', async () => {
    const a = await start();
    const b = await start();
    await queue.claim('gone-1', LEASE, MAX);
    await queue.claim('alive-1', LEASE, MAX);
    expect(await queue.release('alive-1')).toBe(1);
    expect(await status(t.db, b)).toMatchObject({ status: 'pending', attempts: 0, owner: null });
    expect(await queue.expireLeasesOf((owner) => owner.startsWith('gone'))).toBe(1);
    const next = await queue.claim('w9', LEASE, MAX);
    expect(next).toMatchObject({ job: { id: a }, resumed: true });
    expect(await queue.sweepFrontiers()).toBe(0);
  });

  it('gives each job to exactly one of many workers on two nodes', async () => {
    await t.close();
    const two = await openTwoHandles(kind);
    try {
      const owner = await seedUser(two.first);
      const repo = new SqlAuditRepository(two.first, clock);
      const ids = new Set<string>();
      for (let i = 0; i < 6; i++)
        ids.add(
          await repo.start({
            userId: owner,
            source: `s${i}`,
            sourceUrl: `https://s${i}.example/`,
            content: null,
            monthQuota: null,
          }),
        );
      const nodes = [two.first, two.second].map((db) => new SqlAuditQueue(db, clock));
      const claims = await Promise.all(
        Array.from({ length: 24 }, (_, i) => nodes[i % 2]?.claim(`w${i}`, LEASE, MAX)),
      );
      const taken = claims.flatMap((c) => (c ? [c.job.id] : []));
      expect(taken.sort()).toEqual([...ids].sort());
      const rows = await two.second.all<{ attempts: number }>('SELECT attempts FROM audit_jobs');
      expect(rows.map((r) => r.attempts)).toEqual([1, 1, 1, 1, 1, 1]);
    } finally {
      await two.close();
      t = await openTestDatabase(kind);
    }
  });
});
