import { type ScheduleClaim, type ScheduleDefinition, SqlScheduleRepository } from '@mapsmith/app';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testDatabaseKinds } from '../test-databases.js';
import { openTwoHandles, seedUser } from './pro-contract-support.js';

const DAY = 86_400_000;
const LEASE = 120_000;

/** A claim under `token` taken at `nowMs`, its lease lasting `LEASE`. */
function lease(token: string, nowMs: number): ScheduleClaim {
  return { token, nowMs, expiresMs: nowMs + LEASE };
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

  it('offers due schedules most overdue first, without paused or running ones', async () => {
    const late = await schedules.create(user, def('https://late.example/'), 't1', 1 * DAY);
    const early = await schedules.create(user, def('https://early.example/'), 't2', 3 * DAY);
    const paused = await schedules.create(user, def('https://p.example/'), 't3', 1 * DAY);
    await schedules.create(user, def('https://future.example/'), 't4', 20 * DAY);
    await schedules.setPaused(paused.id, user, true, 1 * DAY);
    expect((await schedules.get(paused.id, user))?.paused).toBe(true);
    expect((await schedules.due(10 * DAY, 10)).map((s) => s.id)).toEqual([late.id, early.id]);
    expect(await schedules.claimDue(late.id, 1 * DAY, lease('a', 10 * DAY))).toBe(true);
    expect((await schedules.due(10 * DAY, 10)).map((s) => s.id)).toEqual([early.id]);
    // A claim is no run: nothing is running until its job started.
    expect(await schedules.running(10 * DAY)).toEqual([]);
    expect(
      await schedules.started(late.id, 'a', {
        jobId: 'job-1',
        nextRunMs: 11 * DAY,
        at: 'x',
        lateSlotMs: null,
      }),
    ).toBe(true);
    expect((await schedules.running(10 * DAY)).map((s) => s.runningJobId)).toEqual(['job-1']);
    await schedules.setPaused(paused.id, user, false, 2 * DAY);
    expect((await schedules.due(10 * DAY, 1)).map((s) => s.id)).toEqual([paused.id]);
  });

  it('claims a run only while it is due at that time, unpaused and not running', async () => {
    const s = await schedules.create(user, def('https://a.example/'), 't', DAY);
    expect(await schedules.claimDue(s.id, DAY + 1, lease('c1', DAY))).toBe(false);
    expect(await schedules.claimDue(s.id, DAY, lease('c1', DAY))).toBe(true);
    expect(await schedules.claimDue(s.id, DAY, lease('c2', DAY + 1000))).toBe(false);
    expect(
      await schedules.started(s.id, 'c1', {
        jobId: 'job-1',
        nextRunMs: 8 * DAY,
        at: '2026-01-01T00:00:00.000Z',
        lateSlotMs: null,
      }),
    ).toBe(true);
    // The start released the claim; a run going is never claimed to start again.
    expect(await schedules.claimDue(s.id, 8 * DAY, lease('c3', 9 * DAY))).toBe(false);
    expect(await schedules.claimEnded(s.id, 'job-0', lease('e1', 2 * DAY))).toBe(false);
    expect(await schedules.claimEnded(s.id, 'job-1', lease('e1', 2 * DAY))).toBe(true);
    expect(await schedules.claimEnded(s.id, 'job-1', lease('e2', 2 * DAY))).toBe(false);
    expect(await schedules.finished(s.id, 'e1', 'job-0', 'not this run')).toBe(false);
    expect(await schedules.finished(s.id, 'e2', 'job-1', 'not this claim')).toBe(false);
    expect((await schedules.get(s.id, user))?.runningJobId).toBe('job-1');
    expect(await schedules.finished(s.id, 'e1', 'job-1', 'the crawl failed')).toBe(true);
    expect(await schedules.get(s.id, user)).toMatchObject({
      runningJobId: null,
      lastJobId: 'job-1',
      lastError: 'the crawl failed',
      lastRunAt: '2026-01-01T00:00:00.000Z',
      nextRunMs: 8 * DAY,
    });
    expect(await schedules.claimDue(s.id, 8 * DAY, lease('d1', 8 * DAY))).toBe(true);
    expect(await schedules.deferred(s.id, 'd1', null, 9 * DAY)).toBe(true);
    expect((await schedules.get(s.id, user))?.lastError).toBe('the crawl failed');
    expect(await schedules.claimDue(s.id, 9 * DAY, lease('d2', 9 * DAY))).toBe(true);
    expect(await schedules.deferred(s.id, 'd2', 'your Pro plan ended', 10 * DAY)).toBe(true);
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

  it('takes over a claim whose lease ran out, and fences the writes of the holder that lost it', async () => {
    const s = await schedules.create(user, def('https://a.example/'), 't', DAY);
    expect(await schedules.claimDue(s.id, DAY, lease('dead', DAY))).toBe(true);
    // Its holder died: the schedule is offered to no pass, and none takes it, while the lease lasts.
    expect(await schedules.due(DAY + LEASE - 1, 10)).toEqual([]);
    expect(await schedules.claimDue(s.id, DAY, lease('early', DAY + LEASE - 1))).toBe(false);
    expect(await schedules.heartbeat(s.id, 'dead', DAY + 2 * LEASE)).toBe(true);
    expect(await schedules.claimDue(s.id, DAY, lease('early', DAY + LEASE))).toBe(false);
    // Once the extended lease runs out, the schedule is due again and another pass takes it over.
    expect((await schedules.due(DAY + 2 * LEASE, 10)).map((x) => x.id)).toEqual([s.id]);
    expect(await schedules.claimDue(s.id, DAY, lease('next', DAY + 2 * LEASE))).toBe(true);
    // The first holder comes back: it can neither extend nor write the outcome of the run.
    expect(await schedules.heartbeat(s.id, 'dead', DAY + 9 * LEASE)).toBe(false);
    expect(
      await schedules.started(s.id, 'dead', {
        jobId: 'job-dead',
        nextRunMs: 2 * DAY,
        at: 'x',
        lateSlotMs: null,
      }),
    ).toBe(false);
    expect(await schedules.deferred(s.id, 'dead', 'lost', 2 * DAY)).toBe(false);
    expect(await schedules.get(s.id, user)).toMatchObject({ runningJobId: null, lastError: null });
    expect(
      await schedules.started(s.id, 'next', {
        jobId: 'job-next',
        nextRunMs: 2 * DAY,
        at: 'x',
        lateSlotMs: DAY,
      }),
    ).toBe(true);
    expect(await schedules.get(s.id, user)).toMatchObject({
      runningJobId: 'job-next',
      lateSlotMs: DAY,
    });
    // The same for the end of a run: a lapsed end claim is taken over, and only the new one writes.
    expect(await schedules.claimEnded(s.id, 'job-next', lease('end-dead', 3 * DAY))).toBe(true);
    expect(await schedules.running(3 * DAY + LEASE - 1)).toEqual([]);
    expect((await schedules.running(3 * DAY + LEASE)).map((x) => x.id)).toEqual([s.id]);
    expect(await schedules.claimEnded(s.id, 'job-next', lease('end', 3 * DAY + LEASE))).toBe(true);
    expect(await schedules.finished(s.id, 'end-dead', 'job-next', null)).toBe(false);
    expect(await schedules.finished(s.id, 'end', 'job-next', 'done')).toBe(true);
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
      const nodes = [two.first, two.second].map((db) => new SqlScheduleRepository(db));
      const s = await nodes[0]?.create(owner, def('https://a.example/'), 'race', DAY);
      if (!s) throw new Error('not created');
      const wins = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          nodes[i % 2]?.claimDue(s.id, DAY, lease(`race-${i}`, DAY)),
        ),
      );
      expect(wins.filter(Boolean)).toHaveLength(1);
    } finally {
      await two.close();
      t = await openTestDatabase(kind);
    }
  });
});
