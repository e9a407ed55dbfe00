// Issue 13 point 8: the scheduler driven by an injected clock through the due, missed-while-
// down, overlapping, hourly-limit and Pro-lapsed cases, on a real SQLite file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createUrlPolicy, PLAN_LIMITS, storageBudgetBytes } from '@mapsmith/core';
import { Database } from '@mapsmith/sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CrawlJobRecord } from '../crawl/ports.js';
import { migrate } from '../schema/index.js';
import { SqlCrawlJobRepository } from '../sql/crawl-jobs.js';
import type { ScheduleRecord } from './ports.js';
import { SqlScheduleRuns } from './schedule-runs.js';
import { SqlScheduleRepository } from './schedule-sql.js';
import { SCHEDULE_LEASE_MS, ScheduleTask } from './schedule-task.js';

const at = (text: string) => Date.parse(text);
const HOUR = 3_600_000;

let dir: string;
let db: Database;
let now: number;
let repos: { jobs: SqlCrawlJobRepository };
let schedules: SqlScheduleRepository;
let task: ScheduleTask;
let afterRuns: string[];
/** What the after-run actions do next: resolve (null) or throw this error. */
let afterRunThrows: Error | null;
let userId: number;

async function setPro(until: number | null) {
  await db.run('UPDATE users SET pro_until = ? WHERE id = ?', [
    until === null ? null : new Date(until).toISOString(),
    userId,
  ]);
}

async function jobsOf(): Promise<CrawlJobRecord[]> {
  return repos.jobs.list(userId, 100);
}

async function daily(
  time = '09:00',
  nextRunMs = at('2026-05-04T09:00:00Z'),
): Promise<ScheduleRecord> {
  const def = {
    url: 'https://example.com/',
    frequency: 'daily' as const,
    time,
    timeZone: 'UTC',
    after: { publish: false, mail: false, indexNow: false },
  };
  return schedules.create(userId, def, `t${Math.random().toString(36).slice(2)}`, nextRunMs);
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-schedule-'));
  db = await Database.open(path.join(dir, 'db.sqlite'));
  await migrate(db);
  now = at('2026-05-04T08:00:00Z');
  repos = { jobs: new SqlCrawlJobRepository(db, { now: () => now }) };
  schedules = new SqlScheduleRepository(db);
  afterRuns = [];
  afterRunThrows = null;
  task = new ScheduleTask({
    schedules,
    runs: (clock) => new SqlScheduleRuns(db, clock),
    jobs: repos.jobs,
    engineeringCap: 1000,
    wake: () => {},
    afterRun: async (_s, job) => {
      afterRuns.push(job.id);
      if (afterRunThrows) throw afterRunThrows;
      return null;
    },
    policy: createUrlPolicy(),
    logger: { debug() {}, info() {}, warn() {}, error() {} },
  });
  const { lastID } = await db.run(
    `INSERT INTO users (username, email, password_hash, email_confirmed_at, pro_until)
     VALUES ('sched', 'sched@example.test', 'x', ?, ?)`,
    [new Date(now).toISOString(), new Date(now + 30 * 24 * HOUR).toISOString()],
  );
  userId = lastID;
});

afterEach(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Marks a job as ended, as the worker pool would. */
async function end(jobId: string, status: 'completed' | 'failed' = 'completed') {
  await db.run('UPDATE crawl_jobs SET status = ? WHERE id = ?', [status, jobId]);
}

describe('the schedule task with an injected clock', () => {
  it('starts a run when due, not before, and sets the next slot', async () => {
    const s = await daily();
    now = at('2026-05-04T08:59:59Z');
    expect((await task.perform(now)).started).toBe(0);
    now = at('2026-05-04T09:00:20Z');
    expect((await task.perform(now)).started).toBe(1);
    const [job] = await jobsOf();
    expect(job?.url).toBe('https://example.com/');
    const after = await schedules.get(s.id, userId);
    expect(after?.runningJobId).toBe(job?.id);
    expect(new Date(after?.nextRunMs ?? 0).toISOString()).toBe('2026-05-05T09:00:00.000Z');
    expect(after?.lastRunAt).toBe('2026-05-04T09:00:20.000Z');
    expect(after?.lateSlotMs).toBeNull();
  });

  it('gives a schedule stored before its site was checked no run, and says why', async () => {
    const s = await daily();
    // Stored as the API accepted it before issue 30: an internal address.
    await db.run('UPDATE crawl_schedules SET url = ? WHERE id = ?', [
      'http://169.254.169.254/',
      s.id,
    ]);
    now = at('2026-05-04T09:00:20Z');
    expect(await task.perform(now)).toMatchObject({ started: 0, deferred: 1 });
    expect(await jobsOf()).toHaveLength(0);
    const after = await schedules.get(s.id, userId);
    expect(after?.lastError).toMatch(/^This address cannot be crawled: refused address/);
    expect(after?.runningJobId).toBeNull();
    expect(new Date(after?.nextRunMs ?? 0).toISOString()).toBe('2026-05-05T09:00:00.000Z');
  });

  it('runs a schedule missed while the server was down once, then at its next slot', async () => {
    const s = await daily('09:00', at('2026-05-01T09:00:00Z'));
    now = at('2026-05-04T10:30:00Z');
    expect((await task.perform(now)).started).toBe(1);
    expect((await task.perform(now + 1000)).started).toBe(0);
    expect(await jobsOf()).toHaveLength(1);
    const after = await schedules.get(s.id, userId);
    expect(new Date(after?.nextRunMs ?? 0).toISOString()).toBe('2026-05-05T09:00:00.000Z');
    // The run says it was late, and for which slot (the app or server was not running then).
    expect(new Date(after?.lateSlotMs ?? 0).toISOString()).toBe('2026-05-01T09:00:00.000Z');
    // The next slot runs on time (within a tick): no longer late.
    const [first] = await jobsOf();
    await end(first?.id ?? '');
    now = at('2026-05-05T09:00:25Z');
    expect(await task.perform(now)).toMatchObject({ finished: 1, started: 1 });
    expect((await schedules.get(s.id, userId))?.lateSlotMs).toBeNull();
  });

  it('never runs one schedule twice at once: concurrent passes and a run still going', async () => {
    const s = await daily();
    now = at('2026-05-04T09:00:05Z');
    const passes = await Promise.all([task.perform(now), task.perform(now), task.perform(now)]);
    expect(passes.reduce((n, p) => n + p.started, 0)).toBe(1);
    const [job] = await jobsOf();
    // The next slot comes while the crawl still runs: no second run.
    now = at('2026-05-05T09:00:05Z');
    expect((await task.perform(now)).started).toBe(0);
    expect(afterRuns).toEqual([]);
    // The crawl ends: the after-run actions run once, and the waiting slot starts once.
    await end(job?.id ?? '');
    const pass = await task.perform(now + 1000);
    expect(pass).toMatchObject({ finished: 1, started: 1 });
    expect(afterRuns).toEqual([job?.id]);
    expect((await schedules.get(s.id, userId))?.lastJobId).toBe(job?.id);
    expect(await jobsOf()).toHaveLength(2);
  });

  it('ends a run once when concurrent passes all see its job ended', async () => {
    await daily();
    now = at('2026-05-04T09:00:05Z');
    expect((await task.perform(now)).started).toBe(1);
    const [job] = await jobsOf();
    await end(job?.id ?? '');
    now = at('2026-05-04T09:10:00Z');
    const passes = await Promise.all([task.perform(now), task.perform(now), task.perform(now)]);
    expect(passes.reduce((n, p) => n + p.finished, 0)).toBe(1);
    expect(afterRuns).toEqual([job?.id]);
  });

  it('takes over the claim of a pass that died after its lease, and starts the run once', async () => {
    const s = await daily();
    now = at('2026-05-04T09:00:05Z');
    // A pass of another process claimed the run's step, then died before starting it.
    const deadRuns = new SqlScheduleRuns(db, { now: () => now });
    expect(await deadRuns.enqueue(now, 10)).toBe(1);
    const dead = await deadRuns.claim('dead-node', SCHEDULE_LEASE_MS, 3);
    if (!dead) throw new Error('not claimed');
    expect((await task.perform(now + SCHEDULE_LEASE_MS - 1000)).started).toBe(0);
    expect(await jobsOf()).toHaveLength(0);
    now += SCHEDULE_LEASE_MS + 1;
    expect((await task.perform(now)).started).toBe(1);
    const [job] = await jobsOf();
    expect((await schedules.get(s.id, userId))?.runningJobId).toBe(job?.id);
    // The dead pass's late writes change nothing.
    const stale = { runId: dead.job.id, token: dead.claimToken };
    const late = { jobId: 'job-of-the-dead', nextRunMs: now, at: 'x', lateSlotMs: null };
    expect(await schedules.started(s.id, stale, late)).toBe(false);
    expect(await deadRuns.complete(dead.job.id, dead.claimToken, 'started')).toBe(false);
    expect((await schedules.get(s.id, userId))?.runningJobId).toBe(job?.id);
  });

  it('releases a run whose after-run actions throw at once, says so, and tries again at the next pass', async () => {
    const s = await daily();
    now = at('2026-05-04T09:00:05Z');
    expect((await task.perform(now)).started).toBe(1);
    const [job] = await jobsOf();
    await end(job?.id ?? '');
    afterRunThrows = new Error('the mail server refused the connection');
    now = at('2026-05-04T09:10:00Z');
    expect((await task.perform(now)).finished).toBe(0);
    expect(await schedules.get(s.id, userId)).toMatchObject({
      runningJobId: job?.id,
      lastError:
        'The after-run actions failed: the mail server refused the connection. They are tried again within a minute.',
    });
    // No claim is left behind: the next tick (30 s, far inside the 2-minute lease) tries again.
    afterRunThrows = null;
    now += 30_000;
    expect((await task.perform(now)).finished).toBe(1);
    expect(afterRuns).toEqual([job?.id, job?.id]);
    expect(await schedules.get(s.id, userId)).toMatchObject({
      runningJobId: null,
      lastJobId: job?.id,
      lastError: null,
    });
  });

  it('ends the run after the after-run actions threw three times, saying so', async () => {
    const s = await daily();
    now = at('2026-05-04T09:00:05Z');
    await task.perform(now);
    const [job] = await jobsOf();
    await end(job?.id ?? '');
    afterRunThrows = new Error('disk full');
    for (let i = 0; i < 3; i++) {
      now += 30_000;
      await task.perform(now);
    }
    expect(afterRuns).toHaveLength(3);
    expect(await schedules.get(s.id, userId)).toMatchObject({
      runningJobId: null,
      lastJobId: job?.id,
      lastError:
        'The after-run actions failed 3 times, the last time with: disk full. They are not tried again for this run.',
    });
    now += 30_000;
    await task.perform(now);
    expect(afterRuns).toHaveLength(3);
  });

  it('counts against the hourly crawl limit and starts once the window allows', async () => {
    const s = await daily();
    now = at('2026-05-04T08:30:00Z');
    for (let i = 0; i < PLAN_LIMITS.pro.crawlsPerHour; i++)
      await repos.jobs.start({
        userId,
        plan: 'pro',
        url: `https://x${i}.example/`,
        engineeringCap: 10,
      });
    now = at('2026-05-04T09:00:10Z');
    expect(await task.perform(now)).toMatchObject({ started: 0, deferred: 1 });
    const deferred = await schedules.get(s.id, userId);
    expect(deferred?.lastError).toMatch(/hourly crawl limit/);
    expect(deferred?.nextRunMs).toBe(at('2026-05-04T09:30:00Z'));
    now = at('2026-05-04T09:30:01Z');
    expect((await task.perform(now)).started).toBe(1);
    expect(new Date((await schedules.get(s.id, userId))?.nextRunMs ?? 0).toISOString()).toBe(
      '2026-05-05T09:00:00.000Z',
    );
  });

  it('defers a run while the crawls of its owner hold the storage budget, saying so', async () => {
    // Issue 30 point 2: a schedule must not refill a disk its owner's crawls have filled.
    const s = await daily();
    const earlier = await repos.jobs.start({
      userId,
      plan: 'pro',
      url: 'https://example.com/',
      engineeringCap: 10,
    });
    if (!earlier.ok) throw new Error('refused');
    await db.run("UPDATE crawl_jobs SET status = 'completed', stored_bytes = ? WHERE id = ?", [
      storageBudgetBytes('pro'),
      earlier.job.id,
    ]);
    now = at('2026-05-04T09:00:10Z');
    expect(await task.perform(now)).toMatchObject({ started: 0, deferred: 1 });
    const deferred = await schedules.get(s.id, userId);
    expect(deferred?.lastError).toBe(
      'Your crawls use 2,048 MB of your 2,048 MB of storage; delete old crawls to start a new one.',
    );
    expect(await jobsOf()).toHaveLength(1);
  });

  it('pauses while Pro has ended and resumes at the next slot once Pro is back', async () => {
    const s = await daily();
    await setPro(at('2026-05-04T08:30:00Z'));
    now = at('2026-05-04T09:00:10Z');
    expect(await task.perform(now)).toMatchObject({ started: 0, deferred: 1 });
    expect(await jobsOf()).toHaveLength(0);
    expect((await schedules.get(s.id, userId))?.nextRunMs).toBe(at('2026-05-05T09:00:00Z'));
    // Pro paid again in the afternoon: nothing runs at once, the next slot runs.
    now = at('2026-05-04T15:00:00Z');
    await setPro(now + 30 * 24 * HOUR);
    expect((await task.perform(now)).started).toBe(0);
    now = at('2026-05-05T09:00:10Z');
    expect((await task.perform(now)).started).toBe(1);
  });

  it('leaves a schedule its owner paused', async () => {
    const s = await daily();
    await schedules.setPaused(s.id, userId, true, s.nextRunMs);
    now = at('2026-05-04T09:00:10Z');
    expect((await task.perform(now)).started).toBe(0);
  });
});
