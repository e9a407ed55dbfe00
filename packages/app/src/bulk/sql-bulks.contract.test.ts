// The bulk port over SQL, on SQLite and on Postgres (the server's schema of each): a list is
// admitted site by site by the one admission of crawl starts (issue 27, point 2).
import type { SqlDatabase } from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqlCrawlJobRepository } from '../sql/crawl-jobs.js';
import { manualClock, openTwoHandles, seedUser } from '../testing/pro-contract-support.js';
import {
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../testing/test-databases.js';
import type { StartBulkInput } from './ports.js';
import { SqlBulkRepository } from './sql-bulks.js';

function sites(n: number, from = 1) {
  return Array.from({ length: n }, (_, i) => ({
    line: from + i,
    url: `https://site${from + i}.example/`,
  }));
}

function input(userId: number, n: number): StartBulkInput {
  return { userId, plan: 'pro', engineeringCap: 500, sites: sites(n), rejected: [] };
}

async function setStatus(db: SqlDatabase, bulkId: string, line: number, status: string) {
  await db.run('UPDATE crawl_jobs SET status = ? WHERE bulk_id = ? AND bulk_line = ?', [
    status,
    bulkId,
    line,
  ]);
}

async function jobCount(db: SqlDatabase, userId: number): Promise<number> {
  const row = await db.first<{ n: number }>(
    'SELECT COUNT(*) AS n FROM crawl_jobs WHERE user_id = ?',
    [userId],
  );
  return Number(row?.n ?? 0);
}

describe.each(testDatabaseKinds)('the bulk repository on %s', (kind) => {
  let t: TestDatabase;
  let clock: ReturnType<typeof manualClock>;
  let bulks: SqlBulkRepository;
  let jobs: SqlCrawlJobRepository;
  let user: number;

  beforeEach(async () => {
    t = await openTestDatabase(kind);
    clock = manualClock();
    bulks = new SqlBulkRepository(t.db, clock);
    jobs = new SqlCrawlJobRepository(t.db, clock);
    user = await seedUser(t.db);
  });
  afterEach(() => t.close());

  it('keeps the list: settings, refused lines, and a pending job per site in line order', async () => {
    const started = await bulks.start({
      userId: user,
      plan: 'pro',
      engineeringCap: 300,
      sites: [
        { line: 4, url: 'https://d.example/' },
        { line: 2, url: 'https://b.example/' },
      ],
      rejected: [{ line: 3, text: 'nope', reason: 'not a URL' }],
      settings: { maxDepth: 2 } as StartBulkInput['settings'],
    });
    if (!started.ok) throw new Error('refused');
    expect(started.rate).toEqual({ limit: 200, remaining: 198, resetMs: clock.ms + 3_600_000 });
    const bulk = await bulks.get(started.bulkId, user);
    expect(bulk?.settings).toEqual({ maxDepth: 2 });
    expect(bulk?.rejected).toEqual([{ line: 3, text: 'nope', reason: 'not a URL' }]);
    expect(bulk?.sites.map((s) => [s.line, s.job.url, s.job.status, s.job.pageCap])).toEqual([
      [2, 'https://b.example/', 'pending', 300],
      [4, 'https://d.example/', 'pending', 300],
    ]);
    expect(bulk?.sites[0]?.job.userId).toBe(user);
    expect(bulk?.sites[0]?.job.settings).toEqual({ maxDepth: 2 });
    expect(await bulks.get(started.bulkId, await seedUser(t.db))).toBeUndefined();
  });

  it('counts a list and single starts in one hourly window', async () => {
    for (let i = 0; i < 60; i++) {
      const single = await jobs.start({
        userId: user,
        plan: 'pro',
        url: `https://one${i}.example/`,
        engineeringCap: 500,
      });
      expect(single.ok).toBe(true);
    }
    clock.ms += 60_000;
    // Sixty single starts leave a list 140 of the bulk ceiling's 200: site 141 is refused,
    // as a single start would be, and with it the whole list.
    const refused = await bulks.start({
      ...input(user, 100),
      sites: sites(100).concat(sites(41, 101)),
    });
    expect(refused).toEqual({
      ok: false,
      reason: 'hourly',
      rate: { limit: 200, remaining: 0, resetMs: clock.ms - 60_000 + 3_600_000 },
      site: { line: 141, url: 'https://site141.example/' },
      before: 140,
    });
    expect(await jobCount(t.db, user)).toBe(60);
    expect(await bulks.list(user, 10)).toEqual([]);
    const fits = await bulks.start(input(user, 100));
    expect(fits).toMatchObject({ ok: true, rate: { limit: 200, remaining: 40 } });
    // The list's 100 sites hold the single starts' window: the next single start is refused.
    expect(await jobs.startRate(user, 'pro')).toMatchObject({ limit: 60, remaining: 0 });
    const single = await jobs.start({
      userId: user,
      plan: 'pro',
      url: 'https://late.example/',
      engineeringCap: 500,
    });
    expect(single).toMatchObject({ ok: false, reason: 'hourly' });
    clock.ms += 3_600_000;
    expect((await bulks.start(input(user, 100))).ok).toBe(true);
  });

  it('refuses a list while the crawls of its owner hold the storage budget, as a single start', async () => {
    const first = await bulks.start(input(user, 1));
    if (!first.ok) throw new Error('refused');
    await t.db.run('UPDATE crawl_jobs SET stored_bytes = ? WHERE bulk_id = ?', [
      2_048 * 1024 ** 2,
      first.bulkId,
    ]);
    const refused = await bulks.start(input(user, 3));
    expect(refused).toMatchObject({
      ok: false,
      reason: 'storage',
      storage: { used: 2_048 * 1024 ** 2, budget: 2_048 * 1024 ** 2 },
      site: { line: 1 },
      before: 0,
    });
  });

  it('lists newest first (insertion order within one millisecond) with site counts', async () => {
    const a = await bulks.start(input(user, 3));
    const b = await bulks.start(input(user, 2));
    clock.ms -= 5000;
    const older = await bulks.start(input(user, 1));
    if (!a.ok || !b.ok || !older.ok) throw new Error('refused');
    await setStatus(t.db, a.bulkId, 1, 'completed');
    await setStatus(t.db, a.bulkId, 2, 'completed');
    await setStatus(t.db, a.bulkId, 3, 'failed');
    const list = await bulks.list(user, 10);
    expect(list.map((l) => [l.id, l.sites, l.completed, l.failed])).toEqual([
      [b.bulkId, 2, 0, 0],
      [a.bulkId, 3, 2, 1],
      [older.bulkId, 1, 0, 0],
    ]);
    expect(list[0]?.createdAt).toBe(new Date(clock.ms + 5000).toISOString());
    expect(await bulks.list(user, 1)).toHaveLength(1);
  });

  it('deletes bulks created before a cutoff', async () => {
    await bulks.start(input(user, 1));
    clock.ms += 10_000;
    const kept = await bulks.start(input(user, 1));
    expect(await bulks.deleteCreatedBefore(clock.ms)).toBe(1);
    expect((await bulks.list(user, 10)).map((l) => l.id)).toEqual([kept.ok && kept.bulkId]);
  });

  it('fits exactly the hour when two nodes start lists of one user at once', async () => {
    await t.close();
    const two = await openTwoHandles(kind);
    try {
      const owner = await seedUser(two.first);
      const nodes = [two.first, two.second].map((db) => new SqlBulkRepository(db, clock));
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => nodes[i % 2]?.start(input(owner, 20))),
      );
      expect(results.filter((r) => r?.ok)).toHaveLength(10);
      expect(await jobCount(two.second, owner)).toBe(200);
    } finally {
      await two.close();
      t = await openTestDatabase(kind);
    }
  });
});
