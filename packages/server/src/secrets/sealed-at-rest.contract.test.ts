import { randomBytes } from 'node:crypto';
import { createSqlRepositories, type Repositories } from '@mapsmith/app';
import {
  manualClock,
  openTestDatabase,
  seedUser,
  type TestDatabase,
  testDatabaseKinds,
} from '@mapsmith/app/testing';
import type { CrawlSettings, SqlDatabase } from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aesGcmBox, secretKey } from './aes-gcm-box.js';

const PASSWORD = 'pw-7f3a9c-staging';
const HEADER_VALUE = 'Bearer tok-51e0b2-staging';
const settings: CrawlSettings = {
  maxDepth: 3,
  siteAuth: {
    basic: { username: 'stager', password: PASSWORD },
    headers: [{ name: 'Authorization', value: HEADER_VALUE }],
  },
};

/** Every value of every row of every table of the database, as one text. */
async function everything(db: SqlDatabase, kind: string): Promise<string> {
  const tables =
    kind === 'postgres'
      ? await db.all<{ name: string }>(
          'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()',
        )
      : await db.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'");
  const parts: string[] = [];
  for (const { name } of tables)
    parts.push(JSON.stringify(await db.all(`SELECT * FROM "${name}"`)));
  return parts.join('\n');
}

describe.each(testDatabaseKinds)('crawl credentials at rest on %s', (kind) => {
  let t: TestDatabase;
  let repos: Repositories;
  let user: number;

  beforeEach(async () => {
    t = await openTestDatabase(kind);
    repos = createSqlRepositories(t.db, manualClock(), aesGcmBox([secretKey(randomBytes(32))]));
    user = await seedUser(t.db);
  });
  afterEach(() => t.close());

  async function storeEverywhere() {
    const started = await repos.jobs.start({
      userId: user,
      plan: 'pro',
      url: 'https://s.example/',
      engineeringCap: 1000,
      settings,
    });
    if (!started.ok) throw new Error('the crawl was refused');
    const schedule = await repos.schedules.create(
      user,
      {
        url: 'https://s.example/',
        frequency: 'daily',
        time: '06:30',
        timeZone: 'UTC',
        settings,
        after: { publish: false, mail: false, indexNow: false },
      },
      'token-1',
      0,
    );
    const bulk = await repos.bulks.start({
      userId: user,
      sites: [{ line: 1, url: 'https://s.example/' }],
      rejected: [],
      settings,
      plan: 'pro',
      engineeringCap: 100,
    });
    if (!bulk.ok) throw new Error('the bulk list was refused');
    return { jobId: started.job.id, scheduleId: schedule.id, bulkId: bulk.bulkId };
  }

  it('keeps no password or header value in any column, and reads them back whole', async () => {
    const { jobId, scheduleId, bulkId } = await storeEverywhere();
    const stored = await everything(t.db, kind);
    expect(stored).toContain('stager');
    expect(stored).not.toContain(PASSWORD);
    expect(stored).not.toContain(HEADER_VALUE);
    expect(stored).not.toContain('tok-51e0b2');
    expect((await repos.jobs.get(jobId, user))?.settings).toEqual(settings);
    expect((await repos.schedules.get(scheduleId, user))?.settings).toEqual(settings);
    const bulk = await repos.bulks.get(bulkId, user);
    expect(bulk?.settings).toEqual(settings);
    expect(bulk?.sites[0]?.job.settings).toEqual(settings);
    // A worker claiming the job gets the credentials to send.
    const claimed = await repos.queue.claim('w1', 60_000, 3);
    expect(claimed?.job.settings).toEqual(settings);
  });

  it('reads a credential sealed under another key as absent, never as the sealed text', async () => {
    const { jobId } = await storeEverywhere();
    const other = createSqlRepositories(
      t.db,
      manualClock(),
      aesGcmBox([secretKey(randomBytes(32))]),
    );
    expect((await other.jobs.get(jobId, user))?.settings).toEqual({ maxDepth: 3 });
  });

  it('deletes the sealed credentials with the crawl, the schedule and the account', async () => {
    const { jobId, scheduleId } = await storeEverywhere();
    const sealed = async () => (await everything(t.db, kind)).split('ms1.').length - 1;
    const before = await sealed();
    expect(before).toBeGreaterThanOrEqual(8);
    await t.db.run("UPDATE crawl_jobs SET status = 'completed' WHERE id = ?", [jobId]);
    expect(await repos.jobs.deleteJob(jobId, user)).toBe('deleted');
    expect(await sealed()).toBe(before - 2);
    expect(await repos.schedules.delete(scheduleId, user)).toBe(true);
    expect(await sealed()).toBe(before - 4);
    await repos.accounts.users.delete(user);
    expect(await sealed()).toBe(0);
  });
});
