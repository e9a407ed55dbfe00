import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  ClaimLostError,
  createSqlRepositories,
  type LeasedJobs,
  type LeasedRow,
  SqlAuditQueue,
  SqlAuditRepository,
  SqlJobQueue,
  type SqlLeasedJobs,
  SqlScheduleRepository,
  SqlScheduleRuns,
  SqlSitemapCompareQueue,
  SqlSitemapCompareRepository,
} from '@mapsmith/app';
import {
  auditListing,
  auditResult,
  htmlPage,
  manualClock,
  openTestDatabase,
  seedCrawlJob,
  seedUser,
  type TestDatabase,
  type TestDatabaseKind,
  testDatabaseKinds,
  testPostgresUrl,
} from '@mapsmith/app/testing';
import type { SqlDatabase } from '@mapsmith/core';
import { createPgBossEngine } from '@mapsmith/postgres';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EngineLeasedJobs } from '../../jobs/engine-job-queue.js';
import { leasedQueueSpec } from '../../jobs/scaled.js';
import { openScaledTestDatabase } from '../../jobs/scaled-test-support.js';
import { createLogger } from '../../logger.js';
import { closeEngineHost, engineHost } from './leased-jobs-engine-support.js';
import { KILL_LEASE_MS } from './leased-jobs-kill-worker.js';

const LEASE = 30_000;
const MAX = 3;

type Clock = ReturnType<typeof manualClock>;

/** A kind's SQL adapter, as the engine adapter wraps it. */
type SqlJobs = SqlLeasedJobs<LeasedRow, { id: string }, unknown>;

/**
 * The rows a held job writes of its own (a crawl's pages, an audit's results, a comparison's
 * findings): `write` saves some under `claimToken` (throwing `ClaimLostError` when refused),
 * `count` reads how many the job has.
 */
interface ResultRows {
  write(db: SqlDatabase, clock: Clock, id: string, claimToken: string): Promise<unknown>;
  count(db: SqlDatabase, id: string): Promise<number>;
}

/** One kind of leased job: its queue, how a pending job of a user is made, and its end. */
interface Kind {
  name: string;
  table: string;
  key: string;
  queue(db: SqlDatabase, clock: Clock): SqlJobs;
  seed(db: SqlDatabase, clock: Clock, user: number): Promise<string>;
  summary: unknown;
  /** Whether a user may have more than one job of the kind waiting (comparisons: one). */
  several: boolean;
  /** Its own rows, fenced by the claim token like its end (absent: it writes none). */
  results?: ResultRows;
}

/** How many rows of `table` belong to the job `id` (its key column is `job_id`). */
async function rowsOf(db: SqlDatabase, table: string, id: string): Promise<number> {
  const row = await db.first<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE job_id = ?`, [
    id,
  ]);
  return Number(row?.n ?? 0);
}

const KINDS: Kind[] = [
  {
    name: 'crawls',
    table: 'crawl_jobs',
    key: 'id',
    queue: (db, clock) => new SqlJobQueue(db, clock) as unknown as SqlJobs,
    seed: async (db, clock, user) => {
      const id = await seedCrawlJob(db, user, { createdMs: clock.ms, status: 'pending' });
      await db.run('UPDATE crawl_jobs SET attempts = 0 WHERE id = ?', [id]);
      return id;
    },
    summary: { endedBy: 'completed', pagesCrawled: 0, error: null },
    several: true,
    results: {
      write: (db, clock, id, token) =>
        createSqlRepositories(db, clock)
          .jobs.store(id, token)
          .savePage('s.example/a', htmlPage('https://s.example/a')),
      count: (db, id) => rowsOf(db, 'crawl_pages', id),
    },
  },
  {
    name: 'audits',
    table: 'audit_jobs',
    key: 'id',
    queue: (db, clock) => new SqlAuditQueue(db, clock) as unknown as SqlJobs,
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
    results: {
      write: async (db, clock, id, token) => {
        const audits = new SqlAuditRepository(db, clock);
        await audits.saveListing(id, token, auditListing(['https://s.example/a']));
        const store = audits.store(id, token);
        for (const entry of await store.lease(5)) await store.save(entry, auditResult(entry.url));
      },
      count: (db, id) => rowsOf(db, 'audit_urls', id),
    },
  },
  {
    name: 'live-sitemap comparisons',
    table: 'sitemap_compare_jobs',
    key: 'job_id',
    queue: (db, clock) => new SqlSitemapCompareQueue(db, clock) as unknown as SqlJobs,
    seed: async (db, clock, user) => {
      const crawl = await seedCrawlJob(db, user);
      await new SqlSitemapCompareQueue(db, clock).start(crawl, user);
      return crawl;
    },
    summary: {},
    several: false,
    results: {
      write: (db, _clock, id, token) =>
        new SqlSitemapCompareRepository(db).save(id, token, COMPARED, [ORPHAN]),
      count: async (db, id) =>
        (await rowsOf(db, 'crawl_sitemap_urls', id)) + (await rowsOf(db, 'crawl_sitemap_runs', id)),
    },
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

/** What a comparison found: one orphan. */
const ORPHAN = {
  url: 'https://s.example/a',
  inSitemap: true,
  flags: ['orphan' as const],
  crawlVerdict: 'listed',
  sitemaps: ['https://s.example/sitemap.xml'],
  listedTimes: 1,
  lastmod: null,
  contentChanged: null,
};
const COMPARED = {
  checkedAt: '2026-02-01T00:00:00.000Z',
  files: [],
  truncated: false,
  inSitemap: 1,
  withFindings: 1,
  counts: { 'not-indexable': 0, orphan: 1, missing: 0, duplicate: 0, 'lastmod-newer': 0 },
};

/**
 * One adapter of `LeasedJobs`: the SQL lease loop (SQLite, Postgres), or the engine adapter
 * (pg-boss on Postgres, rows through the SQL adapter). `open` gives a kind's jobs on `db` and
 * `advance`, which moves every clock the adapter reads (the rows' and the engine's).
 */
interface Adapter {
  name: string;
  databases: TestDatabaseKind[];
  /**
   * Whether an interrupted job is handed out before a newer pending one of its user, whatever
   * the cap. pg-boss orders by priority and creation time, which one dispatch batch shares,
   * and puts a retried job behind its batch; its group cap then holds it like a new job.
   */
  resumesFirst: boolean;
  open(kind: Kind, db: SqlDatabase, clock: Clock): Promise<OpenJobs>;
}

interface OpenJobs {
  jobs: LeasedJobs<{ id: string }, unknown>;
  advance(ms: number): Promise<void>;
}

const ADAPTERS: Adapter[] = [
  {
    name: 'the SQL lease loop',
    databases: testDatabaseKinds,
    resumesFirst: true,
    open: async (kind, db, clock) => ({
      jobs: kind.queue(db, clock),
      advance: async (ms) => {
        clock.ms += ms;
      },
    }),
  },
  {
    name: 'pg-boss',
    databases: testDatabaseKinds.filter((k) => k === 'postgres'),
    resumesFirst: false,
    open: async (kind, db, clock) => {
      const host = await engineHost();
      return {
        jobs: await host.jobs(kind.queue(db, clock), clock, LEASE),
        advance: async (ms) => {
          clock.ms += ms;
          await host.advance(ms);
        },
      };
    },
  },
];

afterAll(closeEngineHost);

const cases = ADAPTERS.flatMap((adapter) =>
  adapter.databases.flatMap((db) =>
    KINDS.map((kind) => [kind.name, db, adapter.name, kind, adapter] as const),
  ),
);

/**
 * The contract of `LeasedJobs` (its invariants, app `jobs/leased-jobs.ts`), for every kind of
 * job on every database the server runs on, through each adapter: one engine, one set of answers.
 */
describe.each(cases)('leased %s on %s through %s', (_name, dbKind, _adapter, kind, adapter) => {
  let t: TestDatabase;
  let clock: Clock;
  let jobs: LeasedJobs<{ id: string }, unknown>;
  /** Lets time pass for every clock the adapter reads. */
  let advance: (ms: number) => Promise<void>;
  let user: number;
  const row = (id: string) =>
    t.db.first<{ status: string; attempts: number; error: string | null }>(
      `SELECT status, attempts, error FROM ${kind.table} WHERE ${kind.key} = ?`,
      [id],
    );

  beforeEach(async () => {
    t = await openTestDatabase(dbKind);
    clock = manualClock();
    ({ jobs, advance } = await adapter.open(kind, t.db, clock));
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
    await advance(LEASE + 1);
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
      await advance(LEASE + 1);
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
    await advance(LEASE + 1);
    if (adapter.resumesFirst) {
      expect((await jobs.claim('w2', LEASE, MAX, 1))?.job.id).toBe(a);
      expect((await jobs.claim('w3', LEASE, MAX, 2))?.job.id).toBe(b);
      return;
    }
    // The engine: both go out, one each, and `a` resumes; but not necessarily first (see
    // `Adapter.resumesFirst`), and then behind the cap like a new job.
    const second = await jobs.claim('w2', LEASE, MAX, 1);
    const third = await jobs.claim('w3', LEASE, MAX, 2);
    expect([second?.job.id, third?.job.id].sort()).toEqual([a, b].sort());
    expect([second, third].find((c) => c?.job.id === a)?.resumed).toBe(true);
  });

  it('refuses the job’s own rows to a holder whose claim was taken over: none is left', async () => {
    const results = kind.results;
    if (!results) return;
    const id = await kind.seed(t.db, clock, user);
    const old = await jobs.claim('w1', LEASE, MAX);
    await advance(LEASE + 1);
    const now = await jobs.claim('w2', LEASE, MAX);
    expect(now).toMatchObject({ job: { id }, resumed: true });
    const stale = old?.claimToken ?? '';
    await expect(results.write(t.db, clock, id, stale)).rejects.toThrow(ClaimLostError);
    expect(await results.count(t.db, id)).toBe(0);
    await results.write(t.db, clock, id, now?.claimToken ?? '');
    const written = await results.count(t.db, id);
    expect(written).toBeGreaterThan(0);
    await expect(results.write(t.db, clock, id, stale)).rejects.toThrow(ClaimLostError);
    expect(await results.count(t.db, id)).toBe(written);
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

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const KILL_WORKER = fileURLToPath(new URL('./leased-jobs-kill-worker.ts', import.meta.url));
/** The kinds the kill test's worker process can claim (by table). */
const KILLABLE = ['crawl_jobs', 'audit_jobs', 'sitemap_compare_jobs'];

/** Starts the worker process on `url` for `pairs` (`table:queue`); resolves with its claims. */
function startDoomedWorker(url: string, pairs: string[]) {
  const child = spawn(
    process.execPath,
    ['--conditions', 'source', '--import', 'tsx', KILL_WORKER, url, ...pairs],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const claims = new Promise<Map<string, { id: string; claimToken: string }>>((resolve, reject) => {
    const held = new Map<string, { id: string; claimToken: string }>();
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (line === 'holding') return resolve(held);
      const claim = JSON.parse(line) as { table: string; id: string; claimToken: string };
      held.set(claim.table, claim);
    });
    child.once('exit', (code) => reject(new Error(`the worker exited (${code}): ${errors}`)));
  });
  return { child, exited, claims };
}

/**
 * Invariants 1-3, 6 and 8 with a real process killed: a worker process holding a job of every
 * kind on pg-boss is killed with SIGKILL; another worker takes each job over once the engine
 * misses its heartbeats, and what the dead holder's token would still write (a heartbeat, an
 * outcome, the job's own rows) is refused. Real time: pg-boss's least heartbeat time is 10 s.
 */
describe.skipIf(!testPostgresUrl())('leased jobs through pg-boss, their worker killed', () => {
  it('are taken over by another worker; the dead one’s heartbeat, outcome and rows are refused', async () => {
    const t = await openScaledTestDatabase(testPostgresUrl() as string);
    const logger = createLogger({ quiet: true });
    const engine = createPgBossEngine({
      connectionString: t.url,
      maxConnections: 2,
      superviseSeconds: 1,
      onError: (error) => logger.warn('queue engine error', { error: error.message }),
    });
    const clock = manualClock(Date.now());
    let doomed: ReturnType<typeof startDoomedWorker> | undefined;
    try {
      await engine.start();
      const user = await seedUser(t.db);
      const kinds = KINDS.filter((k) => KILLABLE.includes(k.table));
      const alive = new Map<string, EngineLeasedJobs<LeasedRow, { id: string }, unknown>>();
      const seeded = new Map<string, string>();
      for (const kind of kinds) {
        const queue = `leased-kill-${kind.table}`;
        await engine.ensureQueue(leasedQueueSpec(queue, KILL_LEASE_MS));
        seeded.set(kind.table, await kind.seed(t.db, clock, user));
        alive.set(
          kind.table,
          new EngineLeasedJobs(engine, kind.queue(t.db, clock), queue, clock, logger, {
            dispatchEveryMs: 0,
          }),
        );
      }
      doomed = startDoomedWorker(
        t.url,
        kinds.map((k) => `${k.table}:leased-kill-${k.table}`),
      );
      const dead = await doomed.claims;
      for (const kind of kinds) {
        expect(dead.get(kind.table)?.id).toBe(seeded.get(kind.table));
        expect(await alive.get(kind.table)?.claim('alive', KILL_LEASE_MS, MAX)).toBeNull();
      }
      doomed.child.kill('SIGKILL');
      await doomed.exited;
      for (const kind of kinds) {
        const jobs = alive.get(kind.table);
        const id = seeded.get(kind.table) as string;
        const stale = dead.get(kind.table)?.claimToken as string;
        let taken = null;
        for (let waited = 0; !taken && waited < 40_000; waited += 500) {
          taken = (await jobs?.claim('alive', KILL_LEASE_MS, MAX)) ?? null;
          if (!taken) await new Promise((r) => setTimeout(r, 500));
        }
        expect(taken).toMatchObject({ job: { id }, resumed: true });
        expect(taken?.claimToken).not.toBe(stale);
        // The dead holder's token, as its process would write it had it only stalled.
        const rows = kind.queue(t.db, clock);
        expect(await rows.heartbeat(id, stale, KILL_LEASE_MS)).toBe(false);
        expect(await rows.complete(id, stale, kind.summary)).toBe(false);
        expect(await rows.fail(id, stale, 'the dead run failed')).toBe(false);
        if (kind.results) {
          await expect(kind.results.write(t.db, clock, id, stale)).rejects.toThrow(ClaimLostError);
          expect(await kind.results.count(t.db, id)).toBe(0);
          await kind.results.write(t.db, clock, id, taken?.claimToken as string);
        }
        expect(await jobs?.complete(id, taken?.claimToken as string, kind.summary)).toBe(true);
        const row = await t.db.first<{ status: string; attempts: number }>(
          `SELECT status, attempts FROM ${kind.table} WHERE ${kind.key} = ?`,
          [id],
        );
        expect(row).toEqual({ status: 'completed', attempts: 2 });
      }
    } finally {
      doomed?.child.kill('SIGKILL');
      await doomed?.exited;
      await engine.stop();
      await t.close();
    }
  }, 120_000);
});
