// Issue 27 point 2: bulk.start admits each site as a single crawl start would be, in the one
// hourly window, and a refused site refuses the list in the single start's words and code.
// Over a real SQLite file with the server's schema.
import { createUrlPolicy } from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqlCrawlJobRepository } from '../sql/crawl-jobs.js';
import { SqlUsageRepository } from '../sql/usage.js';
import { manualClock, seedUser } from '../testing/pro-contract-support.js';
import { openTestDatabase, type TestDatabase } from '../testing/test-databases.js';
import { BulkLists } from './bulk-lists.js';
import { SqlBulkRepository } from './sql-bulks.js';

const list = (n: number, from = 1) =>
  Array.from({ length: n }, (_, i) => `https://site${from + i}.example/`).join('\n');

let t: TestDatabase;
let clock: ReturnType<typeof manualClock>;
let jobs: SqlCrawlJobRepository;
let lists: BulkLists;
let user: number;
let wakes: number;

beforeEach(async () => {
  t = await openTestDatabase('sqlite');
  clock = manualClock();
  jobs = new SqlCrawlJobRepository(t.db, clock);
  const repos = {
    jobs,
    usage: new SqlUsageRepository(t.db),
    bulks: new SqlBulkRepository(t.db, clock),
  };
  wakes = 0;
  lists = new BulkLists(repos, clock, createUrlPolicy(), () => {
    wakes++;
  });
  user = await seedUser(t.db);
});
afterEach(() => t.close());

const start = (text: string) =>
  lists.start({ userId: user, plan: 'pro', list: text, engineeringCap: 1000 });

describe('bulk.start through the one admission', () => {
  it('counts a list in the hourly window of single starts, and refuses a site over it in their words', async () => {
    for (let i = 0; i < 60; i++) {
      const single = await jobs.start({
        userId: user,
        plan: 'pro',
        url: `https://one${i}.example/`,
        engineeringCap: 1000,
      });
      expect(single.ok).toBe(true);
    }
    const started = await start(list(100));
    expect(started).toMatchObject({ accepted: 100, rate: { limit: 200, remaining: 40 } });
    expect(wakes).toBe(1);
    const refused = await start(list(41, 101)).catch((err: unknown) => err);
    expect(refused).toMatchObject({
      status: 429,
      code: 'limit.hourly',
      rate: { limit: 200, remaining: 0 },
      retryAfterS: 3600,
    });
    expect((refused as Error).message).toBe(
      'You can start 200 crawls per hour. No site of the list was started: line 41 (https://site141.example/) was refused as a single crawl start would be. Single crawls and bulk sites count in the same hour; 40 sites of this list fitted before it. Try again in 60 minutes.',
    );
    expect(wakes).toBe(1);
    expect(await lists.list(user)).toHaveLength(1);
  });

  it('refuses a free plan the way a single start is refused over the month', async () => {
    await t.db.run('INSERT INTO usage_months (user_id, month, pages) VALUES (?, ?, 500)', [
      user,
      new Date(clock.ms).toISOString().slice(0, 7),
    ]);
    const refused = await lists
      .start({ userId: user, plan: 'free', list: list(2), engineeringCap: 1000 })
      .catch((err: unknown) => err);
    expect(refused).toMatchObject({ status: 403, code: 'limit.monthly' });
    expect((refused as Error).message).toMatch(
      /^You have used your 500 pages for this month\. .* No site of the list was started: line 1 \(https:\/\/site1\.example\/\)/,
    );
  });
});
