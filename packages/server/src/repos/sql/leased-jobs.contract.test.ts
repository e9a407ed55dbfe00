import {
  type LeasedJobs,
  SqlAuditQueue,
  SqlAuditRepository,
  SqlJobQueue,
  SqlScheduleRepository,
  SqlScheduleRuns,
  SqlSitemapCompareQueue,
} from '@mapsmith/app';
import type { SqlDatabase } from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testDatabaseKinds } from '../test-databases.js';
import { manualClock, seedCrawlJob, seedUser } from './pro-contract-support.js';

const LEASE = 30_000;
const MAX = 3;

type Clock = ReturnType<typeof manualClock>;

/** One kind of leased job: its queue, how a pending job of a user is made, and its end. */
interface Kind {
  name: string;
  table: string;
  key: string;
  queue(db: SqlDatabase, clock: Clock): LeasedJobs<{ id: string }, unknown>;
  seed(db: SqlDatabase, clock: Clock, user: number): Promise<string>;
  summary: unknown;
  /** Whether a user may have more than one job of the kind waiting (comparisons: one). */
  several: boolean;
}

const KINDS: Kind[] = [
  {
    name: 'crawls',
    table: 'crawl_jobs',
    key: 'id',
    queue: (db, clock) => new SqlJobQueue(db, clock),
    seed: async (db, clock, user) => {
      const id = await seedCrawlJob(db, user, { createdMs: clock.ms, status: 'pending' });
      await db.run('UPDATE crawl_jobs SET attempts = 0 WHERE id = ?', [id]);
      return id;
    },
    summary: { endedBy: 'completed', pagesCrawled: 0, error: null },
    several: true,
  },
  {
    name: 'audits',
    table: 'audit_jobs',
    key: 'id',
    queue: (db, clock) => new SqlAuditQueue(db, clock),
    seed: (db, clock, user) =>
      new SqlAuditRepository(db, clock).start({
        userId: user,
        source: 'https://s.example/sitemap.xml',
        sourceUrl: 'https://s.example/sitemap.xml',
        content: null,
        monthQuota: null,
      }),
    summary: { saved: 0, endedBy: 'done' },
    several: true,
  },
  {
    name: 'live-sitemap comparisons',
    table: 'sitemap_compare_jobs',
    key: 'job_id',
    queue: (db, clock) => new SqlSitemapCompareQueue(db, clock),
    seed: async (db, clock, user) => {
      const crawl = await seedCrawlJob(db, user);
      await new SqlSitemapCompareQueue(db, clock).start(crawl, user);
      return crawl;
    },
    summary: {},
    several: false,
  },
  {
    name: 'schedule runs',
    table: 'schedule_runs',
    key: 'id',
    queue: (db, clock) => new SqlScheduleRuns(db, clock),
    seed: async (db, clock, user) => {
      const after = { publish: false, mail: false, indexNow: false };
      const def = { url: 'https://s.example/', frequency: 'daily' as const, after };
      const token = `run-${clock.ms}-${Math.random()}`;
      await new SqlScheduleRepository(db).create(
        user,
        { ...def, time: '09:00', timeZone: 'UTC' },
        token,
        clock.ms,
      );
      await new SqlScheduleRuns(db, clock).enqueue(clock.ms, 10);
      const step = await db.first<{ id: string }>(
        'SELECT r.id FROM schedule_runs r JOIN crawl_schedules s ON s.id = r.schedule_id WHERE s.token = ?',
        [token],
      );
      return step?.id ?? '';
    },
    summary: 'started',
    several: true,
  },
];

const cases = testDatabaseKinds.flatMap((db) =>
  KINDS.map((kind) => [kind.name, db, kind] as const),
);

/**
 * The contract of `LeasedJobs` (its invariants, app `jobs/leased-jobs.ts`), for every kind of
 * job on every database the server runs on: one engine, one set of answers.
 */
describe.each(cases)('leased %s on %s', (_name, dbKind, kind) => {
  let t: TestDatabase;
  let clock: Clock;
  let jobs: LeasedJobs<{ id: string }, unknown>;
  let user: number;
  const row = (id: string) =>
    t.db.first<{ status: string; attempts: number; error: string | null }>(
      `SELECT status, attempts, error FROM ${kind.table} WHERE ${kind.key} = ?`,
      [id],
    );

  beforeEach(async () => {
    t = await openTestDatabase(dbKind);
    clock = manualClock();
    jobs = kind.queue(t.db, clock);
    user = await seedUser(t.db);
  });
  afterEach(() => t.close());

  it('gives each claim a fresh token, and a job to one claim at a time', async () => {
    const id = await kind.seed(t.db, clock, user);
    const first = await jobs.claim('w1', LEASE, MAX);
    expect(first).toMatchObject({ job: { id }, resumed: false });
    expect(await jobs.claim('w2', LEASE, MAX)).toBeNull();
    expect(await jobs.release('w1')).toBe(1);
    const second = await jobs.claim('w1', LEASE, MAX);
    expect(second?.claimToken).toEqual(expect.any(String));
    expect(second?.claimToken).not.toBe(first?.claimToken);
    // The same owner id claiming again does not make the old claim's token good again.
    expect(await jobs.heartbeat(id, first?.claimToken ?? '', LEASE)).toBe(false);
  });

  it('hands an expired lease over and refuses the old holder’s heartbeat and outcome', async () => {
    const id = await kind.seed(t.db, clock, user);
    const old = await jobs.claim('w1', LEASE, MAX);
    clock.ms += LEASE + 1;
    // Taken over by the same owner id (a stalled worker that claims again): only the token fences.
    const now = await jobs.claim('w1', LEASE, MAX);
    expect(now).toMatchObject({ job: { id }, resumed: true });
    const stale = old?.claimToken ?? '';
    expect(await jobs.heartbeat(id, stale, LEASE)).toBe(false);
    expect(await jobs.complete(id, stale, kind.summary)).toBe(false);
    expect(await jobs.fail(id, stale, 'the old run failed')).toBe(false);
    expect(await row(id)).toMatchObject({ status: expect.not.stringMatching(/ed$/), error: null });
    expect(await jobs.complete(id, now?.claimToken ?? '', kind.summary)).toBe(true);
    expect((await row(id))?.status).toBe('completed');
    // Written once: the holder cannot end it twice.
    expect(await jobs.fail(id, now?.claimToken ?? '', 'again')).toBe(false);
  });

  it('counts attempts and fails a job claimed too often in plain words', async () => {
    const id = await kind.seed(t.db, clock, user);
    for (let i = 0; i < MAX; i++) {
      expect((await jobs.claim(`w${i}`, LEASE, MAX))?.job.id).toBe(id);
      clock.ms += LEASE + 1;
    }
    expect(await jobs.claim('w9', LEASE, MAX)).toBeNull();
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX });
    expect(failed?.error).toMatch(
      /^The [a-z]+ was interrupted 3 times \(each time the server or the app running it stopped\) and was stopped/,
    );
  });

  it('holds a pending job of a user at their cap, but lets an interrupted one resume', async () => {
    if (!kind.several) return;
    const a = await kind.seed(t.db, clock, user);
    clock.ms += 1;
    const b = await kind.seed(t.db, clock, user);
    expect((await jobs.claim('w1', LEASE, MAX, 1))?.job.id).toBe(a);
    expect(await jobs.claim('w2', LEASE, MAX, 1)).toBeNull();
    clock.ms += LEASE + 1;
    expect((await jobs.claim('w2', LEASE, MAX, 1))?.job.id).toBe(a);
    expect((await jobs.claim('w3', LEASE, MAX, 2))?.job.id).toBe(b);
  });

  it('releases at shutdown without counting the run, dropping the token', async () => {
    const id = await kind.seed(t.db, clock, user);
    const held = await jobs.claim('w1', LEASE, MAX);
    expect(await jobs.release('w1')).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await jobs.complete(id, held?.claimToken ?? '', kind.summary)).toBe(false);
    expect(await jobs.claim('w2', LEASE, MAX)).toMatchObject({ job: { id }, resumed: false });
  });
});
