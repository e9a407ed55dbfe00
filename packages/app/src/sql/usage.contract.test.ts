import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Repositories } from '../repositories.js';
import { createSqlRepositories } from '../repositories.js';
import { htmlPage, insertUser } from '../testing/contract-support.js';
import {
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../testing/test-databases.js';

describe.each(testDatabaseKinds)('UsageRepository and RateLimiter contract on %s', (kind) => {
  let t: TestDatabase;
  let repos: Repositories;
  let now: number;

  beforeEach(async () => {
    t = await openTestDatabase(kind);
    now = Date.UTC(2026, 10, 30, 23, 59);
    repos = createSqlRepositories(t.db, { now: () => now });
  });
  afterEach(() => t.close());

  it('meters pages per calendar month, most recent month first', async () => {
    const user = await insertUser(t.db, true);
    expect(await repos.usage.monthPages(user, '2026-11')).toBe(0);
    expect(await repos.usage.months(user, 12)).toEqual([]);
    const started = await repos.jobs.start({
      userId: user,
      plan: 'pro',
      url: 'https://m.example/',
      engineeringCap: 1000,
    });
    if (!started.ok) throw new Error('refused');
    const store = repos.jobs.store(started.job.id);
    await store.savePage('a', htmlPage('https://m.example/a'));
    await store.savePage('b', htmlPage('https://m.example/b'));
    // The meter follows the month of each charge, not of the job's start.
    now = Date.UTC(2026, 11, 1, 0, 1);
    await store.savePage('c', htmlPage('https://m.example/c'));
    expect(await repos.usage.monthPages(user, '2026-11')).toBe(2);
    expect(await repos.usage.months(user, 12)).toEqual([
      { month: '2026-12', pages: 1 },
      { month: '2026-11', pages: 2 },
    ]);
    expect(await repos.usage.months(user, 1)).toEqual([{ month: '2026-12', pages: 1 }]);
  });

  it('counts hits in a rolling window per bucket and says when it resets', async () => {
    const start = now;
    const hit = () => repos.rates.hit('fetch-sitemap:198.51.100.7', 2, 60_000);
    expect(await hit()).toEqual({
      ok: true,
      rate: { limit: 2, remaining: 1, resetMs: start + 60_000 },
    });
    now += 10_000;
    expect(await hit()).toEqual({
      ok: true,
      rate: { limit: 2, remaining: 0, resetMs: start + 60_000 },
    });
    expect(await hit()).toEqual({
      ok: false,
      rate: { limit: 2, remaining: 0, resetMs: start + 60_000 },
    });
    // Another bucket has its own window.
    expect((await repos.rates.hit('fetch-sitemap:198.51.100.8', 2, 60_000)).ok).toBe(true);
    // The first hit leaves the window: one more fits.
    now = start + 60_000;
    expect(await hit()).toEqual({
      ok: true,
      rate: { limit: 2, remaining: 0, resetMs: start + 70_000 },
    });
    expect(await repos.rates.prune(start + 60_000)).toBe(2);
    expect(await repos.rates.prune(start + 60_000)).toBe(0);
  });
});
