import type { SqlDatabase } from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock, openTwoHandles, seedUser } from '../testing/pro-contract-support.js';
import {
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../testing/test-databases.js';
import type { ScheduleDefinition, ScheduleRunClaim } from './ports.js';
import { SqlScheduleRuns } from './schedule-runs.js';
import { SqlScheduleRepository } from './schedule-sql.js';

const DAY = 86_400_000;
const LEASE = 120_000;
const MAX = 3;

/** Schedule runs timed by a clock the test sets. */
function runsAt(db: SqlDatabase) {
  const clock = manualClock(0);
  return { clock, runs: new SqlScheduleRuns(db, clock) };
}

/** Adds the steps due at `nowMs` and claims one for `owner`: the claim its writes are fenced by. */
async function step(
  at: ReturnType<typeof runsAt>,
  nowMs: number,
  owner: string,
): Promise<(ScheduleRunClaim & { scheduleId: string; runJobId: string | null }) | null> {
  at.clock.ms = nowMs;
  await at.runs.enqueue(nowMs, 10);
  const claimed = await at.runs.claim(owner, LEASE, MAX);
  if (!claimed) return null;
  const { id, scheduleId, runJobId } = claimed.job;
  return { runId: id, token: claimed.claimToken, scheduleId, runJobId };
}

function def(url: string, overrides: Partial<ScheduleDefinition> = {}): ScheduleDefinition {
  return {
    url,
    frequency: 'weekly',
    weekday: 2,
    monthDay: 9,
    time: '06:30',
    timeZone: 'Europe/Berlin',
    settings: { maxDepth: 3 },
    after: { publish: true, mail: false, indexNow: true },
    ...overrides,
  };
}

describe.each(testDatabaseKinds)('the schedule repository on %s', (kind) => {
  let t: TestDatabase;
  let schedules: SqlScheduleRepository;
  let user: number;

  beforeEach(async () => {
    t = await openTestDatabase(kind);
    schedules = new SqlScheduleRepository(t.db);
    user = await seedUser(t.db, 'schedule-owner');
  });
  afterEach(() => t.close());

  it('keeps a definition as given: timing, settings, after-run actions, token', async () => {
    const s = await schedules.create(user, def('https://a.example/'), 'tok-a', 5 * DAY);
    expect(s).toMatchObject({
      userId: user,
      url: 'https://a.example/',
      frequency: 'weekly',
      weekday: 2,
      monthDay: null,
      time: '06:30',
      timeZone: 'Europe/Berlin',
      settings: { maxDepth: 3 },
      after: { publish: true, mail: false, indexNow: true },
      paused: false,
      token: 'tok-a',
      nextRunMs: 5 * DAY,
      runningJobId: null,
      lastJobId: null,
      lateSlotMs: null,
    });
    expect(await schedules.byToken('tok-a')).toEqual(s);
    await schedules.update(
      s.id,
      user,
      def('https://b.example/', {
        frequency: 'monthly',
        after: { publish: false, mail: true, indexNow: false },
      }),
      9 * DAY,
    );
    expect(await schedules.get(s.id, user)).toMatchObject({
      url: 'https://b.example/',
      frequency: 'monthly',
      weekday: null,
      monthDay: 9,
      after: { publish: false, mail: true, indexNow: false },
      nextRunMs: 9 * DAY,
    });
    await schedules.setToken(s.id, user, 'tok-b');
    expect(await schedules.byToken('tok-a')).toBeUndefined();
    expect((await schedules.byToken('tok-b'))?.id).toBe(s.id);
  });

  it("lists a user's schedules oldest first and never another user's", async () => {
    const other = await seedUser(t.db);
    const ids = [];
    for (const n of [1, 2, 3])
      ids.push((await schedules.create(user, def(`https://${n}.example/`), `t${n}`, DAY)).id);
    await schedules.create(other, def('https://other.example/'), 'tx', DAY);
    expect((await schedules.list(user)).map((s) => s.id)).toEqual(ids);
    expect(await schedules.count(user)).toBe(3);
    expect(await schedules.get(ids[0] ?? '', other)).toBeUndefined();
    expect(await schedules.delete(ids[0] ?? '', other)).toBe(false);
    expect(await schedules.delete(ids[0] ?? '', user)).toBe(true);
    expect(await schedules.count(user)).toBe(2);
    expect(await schedules.owner(user)).toEqual({
      email: 'schedule-owner@example.test',
      username: 'schedule-owner',
      proUntil: null,
    });
  });

  it('gives due schedules a step most overdue first, without paused or running ones', async () => {
    const at = runsAt(t.db);
    const late = await schedules.create(user, def('https://late.example/'), 't1', 1 * DAY);
    const early = await schedules.create(user, def('https://early.example/'), 't2', 3 * DAY);
    const paused = await schedules.create(user, def('https://p.example/'), 't3', 1 * DAY);
    await schedules.create(user, def('https://future.example/'), 't4', 20 * DAY);
    await schedules.setPaused(paused.id, user, true, 1 * DAY);
    expect((await schedules.get(paused.id, user))?.paused).toBe(true);
    const first = await step(at, 10 * DAY, 'a');
    expect(first?.scheduleId).toBe(late.id);
    // One open step per schedule: adding again adds none for it.
    expect(await at.runs.enqueue(10 * DAY, 10)).toBe(0);
    expect((await at.runs.claim('b', LEASE, MAX))?.job.scheduleId).toBe(early.id);
    expect(await at.runs.claim('c', LEASE, MAX)).toBeNull();
    if (!first) throw new Error('no step');
    const run = { jobId: 'job-1', nextRunMs: 11 * DAY, at: 'x', lateSlotMs: null };
    expect(await schedules.started(late.id, first, run)).toBe(true);
    expect(await at.runs.complete(first.runId, first.token, 'started')).toBe(true);
    // Its crawl is not a job of this database, as if deleted: its end gets a step, with its job.
    expect(await step(at, 10 * DAY, 'd')).toMatchObject({
      scheduleId: late.id,
      runJobId: 'job-1',
    });
    await schedules.setPaused(paused.id, user, false, 2 * DAY);
    expect((await step(at, 10 * DAY, 'e'))?.scheduleId).toBe(paused.id);
  });

  it('fences every write of a run by the claim of its step', async () => {
    const at = runsAt(t.db);
    const s = await schedules.create(user, def('https://a.example/'), 't', DAY);
    expect(await step(at, DAY - 1, 'c0')).toBeNull();
    const c1 = await step(at, DAY, 'c1');
    if (!c1) throw new Error('no step');
    const other = { runId: c1.runId, token: 'not-the-token' };
    const run = {
      jobId: 'job-1',
      nextRunMs: 8 * DAY,
      at: '2026-01-01T00:00:00.000Z',
      lateSlotMs: null,
    };
    expect(await schedules.started(s.id, other, run)).toBe(false);
    expect(await schedules.started(s.id, c1, run)).toBe(true);
    expect(await at.runs.complete(c1.runId, c1.token, 'started')).toBe(true);
    // The step is over: its claim writes nothing more.
    expect(await schedules.started(s.id, c1, { ...run, jobId: 'job-2' })).toBe(false);
    const e1 = await step(at, 2 * DAY, 'e1');
    if (!e1) throw new Error('no step');
    expect(await schedules.finished(s.id, e1, 'job-0', 'not this run')).toBe(false);
    expect(await schedules.finished(s.id, other, 'job-1', 'not this claim')).toBe(false);
    expect(await schedules.noted(s.id, other, 'not this claim')).toBe(false);
    expect(await schedules.noted(s.id, e1, 'the actions failed')).toBe(true);
    expect((await schedules.get(s.id, user))?.runningJobId).toBe('job-1');
    expect(await schedules.finished(s.id, e1, 'job-1', 'the crawl failed')).toBe(true);
    expect(await at.runs.complete(e1.runId, e1.token, 'finished')).toBe(true);
    expect(await schedules.get(s.id, user)).toMatchObject({
      runningJobId: null,
      lastJobId: 'job-1',
      lastError: 'the crawl failed',
      lastRunAt: '2026-01-01T00:00:00.000Z',
      nextRunMs: 8 * DAY,
    });
    const d1 = await step(at, 8 * DAY, 'd1');
    if (!d1) throw new Error('no step');
    expect(await schedules.deferred(s.id, d1, null, 9 * DAY)).toBe(true);
    await at.runs.complete(d1.runId, d1.token, 'deferred');
    expect((await schedules.get(s.id, user))?.lastError).toBe('the crawl failed');
    const d2 = await step(at, 9 * DAY, 'd2');
    if (!d2) throw new Error('no step');
    expect(await schedules.deferred(s.id, d2, 'your Pro plan ended', 10 * DAY)).toBe(true);
    expect(await schedules.get(s.id, user)).toMatchObject({
      lastError: 'your Pro plan ended',
      nextRunMs: 10 * DAY,
    });
    await schedules.published(s.id, 'job-1', '2026-01-02T00:00:00.000Z');
    expect(await schedules.get(s.id, user)).toMatchObject({
      publishedJobId: 'job-1',
      publishedAt: '2026-01-02T00:00:00.000Z',
    });
  });

  it('takes over a step whose lease ran out, and fences the writes of the holder that lost it', async () => {
    const at = runsAt(t.db);
    const s = await schedules.create(user, def('https://a.example/'), 't', DAY);
    const dead = await step(at, DAY, 'dead');
    if (!dead) throw new Error('no step');
    // Its holder died: no pass takes it while the lease lasts, extended or not.
    expect(await step(at, DAY + LEASE - 1, 'early')).toBeNull();
    expect(await at.runs.heartbeat(dead.runId, dead.token, 2 * LEASE)).toBe(true);
    expect(await step(at, DAY + LEASE + 1, 'early')).toBeNull();
    // Once the extended lease runs out, another pass takes it over.
    const next = await step(at, DAY + 3 * LEASE, 'next');
    expect(next?.runId).toBe(dead.runId);
    if (!next) throw new Error('no step');
    // The first holder comes back: it can neither extend nor write the outcome of the run.
    expect(await at.runs.heartbeat(dead.runId, dead.token, LEASE)).toBe(false);
    const run = { jobId: 'job-dead', nextRunMs: 2 * DAY, at: 'x', lateSlotMs: null };
    expect(await schedules.started(s.id, dead, run)).toBe(false);
    expect(await schedules.deferred(s.id, dead, 'lost', 2 * DAY)).toBe(false);
    expect(await schedules.get(s.id, user)).toMatchObject({ runningJobId: null, lastError: null });
    expect(
      await schedules.started(s.id, next, { ...run, jobId: 'job-next', lateSlotMs: DAY }),
    ).toBe(true);
    expect(await at.runs.complete(next.runId, next.token, 'started')).toBe(true);
    expect(await schedules.get(s.id, user)).toMatchObject({
      runningJobId: 'job-next',
      lateSlotMs: DAY,
    });
    // The same for the end of a run: a lapsed step is taken over, and only the new claim writes.
    const endDead = await step(at, 3 * DAY, 'end-dead');
    if (!endDead) throw new Error('no step');
    expect(await step(at, 3 * DAY + LEASE - 1, 'end')).toBeNull();
    const end = await step(at, 3 * DAY + LEASE + 1, 'end');
    if (!end) throw new Error('no step');
    expect(await schedules.finished(s.id, endDead, 'job-next', null)).toBe(false);
    expect(await schedules.finished(s.id, end, 'job-next', 'done')).toBe(true);
    expect(await schedules.get(s.id, user)).toMatchObject({
      runningJobId: null,
      lastError: 'done',
    });
  });

  it('gives a due run to exactly one of many passes on two nodes', async () => {
    await t.close();
    const two = await openTwoHandles(kind);
    try {
      const owner = await seedUser(two.first);
      const repo = new SqlScheduleRepository(two.first);
      const s = await repo.create(owner, def('https://a.example/'), 'race', DAY);
      const nodes = [two.first, two.second].map((db) => runsAt(db));
      const wins = await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          const node = nodes[i % 2];
          return node ? step(node, DAY, `race-${i}`) : null;
        }),
      );
      expect(wins.filter(Boolean).map((w) => w?.scheduleId)).toEqual([s.id]);
    } finally {
      await two.close();
      t = await openTestDatabase(kind);
    }
  });
});
