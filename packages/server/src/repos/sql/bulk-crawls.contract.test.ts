import type { SqlDatabase } from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StartBulkInput } from '../bulk-types.js';
import { openTestDatabase, type TestDatabase, testDatabaseKinds } from '../test-databases.js';
import { SqlBulkRepository } from './bulk-crawls.js';
import { manualClock, openTwoHandles, seedUser } from './pro-contract-support.js';

function sites(n: number, from = 1) {
  return Array.from({ length: n }, (_, i) => ({
    line: from + i,
    url: `https://site${from + i}.example/`,
  }));
}

function input(userId: number, n: number, sitesPerHour = 10): StartBulkInput {
  return { userId, sites: sites(n), rejected: [], pageCap: 500, sitesPerHour };
}

async function setStatus(db: SqlDatabase, bulkId: string, line: number, status: string) {
  await db.run('UPDATE crawl_jobs SET status = ? WHERE bulk_id = ? AND bulk_line = ?', [
    status,
    bulkId,
    line,
  ]);
}

describe.each(testDatabaseKinds)('the bulk repository on %s', (kind) => {
  let t: TestDatabase;
  let clock: ReturnType<typeof manualClock>;
  let bulks: SqlBulkRepository;
  let user: number;

  beforeEach(async () => {
    t = await openTestDatabase(kind);
    clock = manualClock();
    bulks = new SqlBulkRepository(t.db, clock);
    user = await seedUser(t.db);
  });
  afterEach(() => t.close());

  it('keeps the list: settings, refused lines, and a pending job per site in line order', async () => {
    const started = await bulks.start({
      userId: user,
      sites: [
        { line: 4, url: 'https://d.example/' },
        { line: 2, url: 'https://b.example/' },
      ],
      rejected: [{ line: 3, text: 'nope', reason: 'not a URL' }],
      settings: { maxDepth: 2 } as StartBulkInput['settings'],
      pageCap: 300,
      sitesPerHour: 10,
    });
    if (!started.ok) throw new Error('refused');
    expect(started.rate).toEqual({ limit: 10, remaining: 8, resetMs: clock.ms + 3_600_000 });
    const bulk = await bulks.get(started.bulkId, user);
    expect(bulk?.settings).toEqual({ maxDepth: 2 });
    expect(bulk?.rejected).toEqual([{ line: 3, text: 'nope', reason: 'not a URL' }]);
    expect(bulk?.sites.map((s) => [s.line, s.job.url, s.job.status, s.job.pageCap])).toEqual([
      [2, 'https://b.example/', 'pending', 300],
      [4, 'https://d.example/', 'pending', 300],
    ]);
    expect(bulk?.sites[0]?.job.userId).toBe(user);
    expect(await bulks.get(started.bulkId, await seedUser(t.db))).toBeUndefined();
  });

  it('refuses a whole list that does not fit the hour, and frees room an hour later', async () => {
    expect((await bulks.start(input(user, 6))).ok).toBe(true);
    clock.ms += 60_000;
    const refused = await bulks.start(input(user, 5));
    expect(refused).toEqual({
      ok: false,
      reason: 'hourly',
      rate: { limit: 10, remaining: 4, resetMs: clock.ms - 60_000 + 3_600_000 },
    });
    expect(await bulks.list(user, 10)).toHaveLength(1);
    clock.ms += 3_600_000;
    expect((await bulks.start(input(user, 10))).ok).toBe(true);
  });

  it('lists newest first (insertion order within one millisecond) with site counts', async () => {
    const a = await bulks.start(input(user, 3, 100));
    const b = await bulks.start(input(user, 2, 100));
    clock.ms -= 5000;
    const older = await bulks.start(input(user, 1, 100));
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
        Array.from({ length: 12 }, (_, i) => nodes[i % 2]?.start(input(owner, 3, 10))),
      );
      expect(results.filter((r) => r?.ok)).toHaveLength(3);
      const row = await two.second.first<{ n: number }>(
        'SELECT COUNT(*) AS n FROM crawl_jobs WHERE user_id = ? AND bulk_id IS NOT NULL',
        [owner],
      );
      expect(row?.n).toBe(9);
    } finally {
      await two.close();
      t = await openTestDatabase(kind);
    }
  });
});
