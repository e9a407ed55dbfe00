// Issue 27 point 2: one crawl start for both shells. The plan gate and the one admission
// (hourly window, month meter) over a real SQLite file with the application layer's own schema.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HOUR_MS, monthKey, PLAN_LIMITS, type Plan } from '@mapsmith/core';
import { Database } from '@mapsmith/sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../schema/index.js';
import { SqlCrawlJobRepository } from '../sql/crawl-jobs.js';
import { CrawlStart, type CrawlStartOptions } from './start-crawl.js';

const NOW = Date.UTC(2026, 10, 26, 12);
const URL_A = 'https://example.com/';

let dir: string;
let db: Database;
let jobs: SqlCrawlJobRepository;
let wakes: number;
let nextUser = 1;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-start-'));
  db = await Database.open(path.join(dir, 'data.sqlite'));
  await migrate(db);
  jobs = new SqlCrawlJobRepository(db, { now: () => NOW });
  wakes = 0;
});

afterEach(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function starts(options: Partial<CrawlStartOptions> = {}): CrawlStart {
  return new CrawlStart(jobs, { engineeringCap: 50_000, wake: () => wakes++, ...options });
}

async function user(plan: Plan): Promise<{ userId: number; plan: Plan }> {
  const id = nextUser++;
  await db.run('INSERT INTO users (id, username, email, password_hash) VALUES (?, ?, ?, ?)', [
    id,
    `u${id}`,
    `u${id}@example.com`,
    '!',
  ]);
  return { userId: id, plan };
}

async function jobRows(userId: number): Promise<Array<{ url: string; settings: string | null }>> {
  return db.all('SELECT url, settings FROM crawl_jobs WHERE user_id = ?', [userId]);
}

describe('CrawlStart', () => {
  it('admits a free start: a pending job capped by the plan, the window counted, workers woken', async () => {
    const me = await user('free');
    const outcome = await starts().start({ url: URL_A }, me);
    expect(outcome).toEqual({
      ok: true,
      jobId: expect.any(String),
      rate: { limit: 10, remaining: 9, resetMs: NOW + HOUR_MS },
    });
    expect(wakes).toBe(1);
    const job = outcome.ok ? await jobs.get(outcome.jobId, me.userId) : undefined;
    expect(job).toMatchObject({ url: URL_A, status: 'pending', pageCap: 100, settings: null });
  });

  it('refuses settings to a plan without them before anything is counted', async () => {
    expect(PLAN_LIMITS.free.crawlSettings).toBe(false);
    const me = await user('free');
    let asked = 0;
    const room = async () => {
      asked++;
    };
    const outcome = await starts({ room }).start({ url: URL_A, settings: { maxDepth: 1 } }, me);
    expect(outcome).toEqual({ ok: false, reason: 'settings-pro' });
    expect({ asked, wakes, rows: await jobRows(me.userId) }).toEqual({
      asked: 0,
      wakes: 0,
      rows: [],
    });
    // Default settings are no settings: the free start goes ahead, without any kept.
    const plain = await starts().start({ url: URL_A, settings: { include: [] } }, me);
    expect(plain.ok).toBe(true);
    expect(await jobRows(me.userId)).toEqual([{ url: URL_A, settings: null }]);
  });

  it('keeps a Pro user’s settings on the job', async () => {
    const me = await user('pro');
    const outcome = await starts().start({ url: URL_A, settings: { maxDepth: 2 } }, me);
    expect(outcome).toMatchObject({ ok: true, rate: { limit: 60, remaining: 59 } });
    const job = outcome.ok ? await jobs.get(outcome.jobId, me.userId) : undefined;
    expect(job?.settings).toEqual({ maxDepth: 2 });
  });

  it('refuses the eleventh free start of the hour with the window it counted', async () => {
    const me = await user('free');
    for (let i = 0; i < 10; i++) expect((await starts().start({ url: URL_A }, me)).ok).toBe(true);
    const outcome = await starts().start({ url: URL_A }, me);
    expect(outcome).toEqual({
      ok: false,
      reason: 'hourly',
      rate: { limit: 10, remaining: 0, resetMs: NOW + HOUR_MS },
    });
    expect(wakes).toBe(10);
    expect(await jobRows(me.userId)).toHaveLength(10);
  });

  it('refuses a free user whose month meter is full', async () => {
    const me = await user('free');
    await db.run('INSERT INTO usage_months (user_id, month, pages) VALUES (?, ?, ?)', [
      me.userId,
      monthKey(NOW),
      PLAN_LIMITS.free.pagesPerMonth,
    ]);
    const outcome = await starts().start({ url: URL_A }, me);
    expect(outcome).toMatchObject({ ok: false, reason: 'monthly', rate: { remaining: 10 } });
    expect(await jobRows(me.userId)).toEqual([]);
  });

  it('refuses an address that is not absolute http(s), and a shell without room, counting nothing', async () => {
    const me = await user('pro');
    for (const url of ['ftp://example.com/', 'not a url', '/relative'])
      expect(await starts().start({ url }, me)).toEqual({ ok: false, reason: 'url' });
    const full = new Error('disk full');
    const room = async () => {
      throw full;
    };
    await expect(starts({ room }).start({ url: URL_A }, me)).rejects.toBe(full);
    expect({ wakes, rows: await jobRows(me.userId) }).toEqual({ wakes: 0, rows: [] });
    expect(await jobs.startRate(me.userId, 'pro')).toMatchObject({ remaining: 60 });
  });
});
