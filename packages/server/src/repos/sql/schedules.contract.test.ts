import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ScheduleDefinition } from '../ports-pro.js';
import { openTestDatabase, type TestDatabase, testDatabaseKinds } from '../test-databases.js';
import { openTwoHandles, seedUser } from './pro-contract-support.js';
import { SqlScheduleRepository } from './schedules.js';

const DAY = 86_400_000;

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
    expect(await schedules.claim(late.id, 1 * DAY, 'claim:1')).toBe(true);
    expect((await schedules.due(10 * DAY, 10)).map((s) => s.id)).toEqual([early.id]);
    expect((await schedules.running()).map((s) => s.runningJobId)).toEqual(['claim:1']);
    await schedules.setPaused(paused.id, user, false, 2 * DAY);
    expect((await schedules.due(10 * DAY, 1)).map((s) => s.id)).toEqual([paused.id]);
  });

  it('claims a run only while it is due at that time, unpaused and not running', async () => {
    const s = await schedules.create(user, def('https://a.example/'), 't', DAY);
    expect(await schedules.claim(s.id, DAY + 1, 'claim:000000000000001')).toBe(false);
    expect(await schedules.claim(s.id, DAY, 'claim:000000000000001')).toBe(true);
    expect(await schedules.claim(s.id, DAY, 'claim:000000000000002')).toBe(false);
    // A claim older than the marker dies; a newer one stays.
    expect(await schedules.dropClaimsBefore('claim:000000000000001')).toBe(0);
    expect(await schedules.dropClaimsBefore('claim:000000000000002')).toBe(1);
    expect(await schedules.claim(s.id, DAY, 'claim:000000000000003')).toBe(true);
    await schedules.started(s.id, 'job-1', 8 * DAY, '2026-01-01T00:00:00.000Z');
    expect(await schedules.dropClaimsBefore('claim:999999999999999')).toBe(0);
    await schedules.finished(s.id, 'job-0', 'not this run');
    expect((await schedules.get(s.id, user))?.runningJobId).toBe('job-1');
    await schedules.finished(s.id, 'job-1', 'the crawl failed');
    expect(await schedules.get(s.id, user)).toMatchObject({
      runningJobId: null,
      lastJobId: 'job-1',
      lastError: 'the crawl failed',
      lastRunAt: '2026-01-01T00:00:00.000Z',
      nextRunMs: 8 * DAY,
    });
    await schedules.deferred(s.id, null, 9 * DAY);
    expect((await schedules.get(s.id, user))?.lastError).toBe('the crawl failed');
    await schedules.deferred(s.id, 'your Pro plan ended', 10 * DAY);
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
          nodes[i % 2]?.claim(s.id, DAY, `claim:${String(i).padStart(15, '0')}`),
        ),
      );
      expect(wins.filter(Boolean)).toHaveLength(1);
    } finally {
      await two.close();
      t = await openTestDatabase(kind);
    }
  });
});
