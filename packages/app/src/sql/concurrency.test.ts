import { monthKey, PLAN_LIMITS, type SqlDatabase } from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Repositories } from '../repositories.js';
import { createSqlRepositories } from '../repositories.js';
import { htmlPage, insertUser, startJob } from '../testing/contract-support.js';
import {
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../testing/test-databases.js';

/**
 * Issue 16 point 3: the read-then-write limits hold when the requests arrive at once through
 * two separate handles on one database (two pools: two API or worker nodes), not only under
 * SQLite's single writer. On Postgres a literal port of the old code breaks each of these.
 */
describe.each(testDatabaseKinds)('limits under concurrency on %s (two handles)', (kind) => {
  let t: TestDatabase;
  let other: SqlDatabase;
  let nodes: [Repositories, Repositories];

  beforeEach(async () => {
    t = await openTestDatabase(kind);
    other = await t.openAnother();
    nodes = [createSqlRepositories(t.db), createSqlRepositories(other)];
  });
  afterEach(() => t.close());

  const node = (i: number) => nodes[i % 2] as Repositories;

  it('accepts exactly the hourly number of 50 concurrent starts by one free user', async () => {
    const user = await insertUser(t.db);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        node(i).jobs.start({
          userId: user,
          plan: 'free',
          url: `https://s${i}.example/`,
          engineeringCap: 1000,
        }),
      ),
    );
    const accepted = results.filter((r) => r.ok).length;
    expect(accepted).toBe(PLAN_LIMITS.free.crawlsPerHour);
    const rows = await t.db.first<{ n: number }>(
      'SELECT COUNT(*) AS n FROM crawl_jobs WHERE user_id = ?',
      [user],
    );
    expect(rows?.n).toBe(PLAN_LIMITS.free.crawlsPerHour);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'hourly')).toBe(true);
  });

  it('charges exactly the 50 pages left in the month across 8 jobs writing at once', async () => {
    const quota = PLAN_LIMITS.free.pagesPerMonth ?? 0;
    const user = await insertUser(t.db);
    const month = monthKey(Date.now());
    await t.db.run('INSERT INTO usage_months (user_id, month, pages) VALUES (?, ?, ?)', [
      user,
      month,
      quota - 50,
    ]);
    const jobs = [];
    for (let i = 0; i < 8; i++)
      jobs.push(await startJob(nodes[0], user, 'free', `https://j${i}.example/`));
    let refused = 0;
    await Promise.all(
      jobs.map(async (_job, i) => {
        const claimed = await node(i).queue.claim(`worker-${i}`, 60_000, 3);
        if (!claimed) throw new Error('not claimed');
        const store = node(i).jobs.store(claimed.job.id, claimed.claimToken, () => refused++);
        for (let p = 0; p < 20; p++)
          await store.savePage(`p${p}`, htmlPage(`https://j${i}.example/${p}`));
      }),
    );
    expect(await nodes[1].usage.monthPages(user, month)).toBe(quota);
    const charged = await t.db.first<{ pages: number }>(
      'SELECT SUM(pages_crawled) AS pages FROM crawl_jobs WHERE user_id = ?',
      [user],
    );
    const stored = await t.db.first<{ n: number }>(
      `SELECT COUNT(*) AS n FROM crawl_pages p JOIN crawl_jobs j ON j.id = p.job_id
        WHERE j.user_id = ? AND p.is_page = 1`,
      [user],
    );
    expect(charged?.pages).toBe(50);
    expect(stored?.n).toBe(50);
    expect(refused).toBe(8 * 20 - 50);
  });

  it('counts exactly the limit of 20 concurrent hits on one rate bucket', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        node(i).rates.hit('fetch-sitemap:203.0.113.9', 7, 60_000),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(7);
    const left = results.filter((r) => r.ok).map((r) => r.rate.remaining);
    expect(left.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const events = await t.db.first<{ n: number }>('SELECT COUNT(*) AS n FROM rate_events');
    expect(events?.n).toBe(7);
  });

  it('hands each job to one of 12 concurrent claimers, within the per-user cap', async () => {
    const agency = await insertUser(t.db, true);
    const others = [await insertUser(t.db), await insertUser(t.db)];
    for (let i = 0; i < 5; i++) await startJob(nodes[0], agency, 'pro', `https://a${i}.example/`);
    for (const [i, user] of others.entries())
      await startJob(nodes[1], user, 'free', `https://o${i}.example/`);
    const claims = await Promise.all(
      Array.from({ length: 12 }, (_, i) => node(i).queue.claim(`worker-${i}`, 60_000, 3, 2)),
    );
    const taken = claims.filter((c) => c !== null);
    expect(new Set(taken.map((c) => c.job.id)).size).toBe(taken.length);
    expect(new Set(taken.map((c) => c.claimToken)).size).toBe(taken.length);
    // Two of the agency's five, and each other user's one.
    expect(taken.filter((c) => c.job.userId === agency)).toHaveLength(2);
    expect(taken).toHaveLength(4);
  });
});
