import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Database } from '@mapsmith/sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Repositories } from '../repositories.js';
import { createSqlRepositories } from '../repositories.js';
import { migrate } from '../schema/index.js';
import { insertUser } from '../testing/contract-support.js';

let dir: string;
let db: Database;
let repos: Repositories;
let now = 1_000_000_000_000;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-fair-'));
  db = await Database.open(path.join(dir, 'db.sqlite'));
  await migrate(db);
  repos = createSqlRepositories(db, { now: () => now });
});

afterEach(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const LEASE = 30_000;

describe('the claim query with a per-user cap', () => {
  it("lets another user's later crawl run beside a bulk list instead of after all of it", async () => {
    const agency = { id: await insertUser(db, true) };
    const other = { id: await insertUser(db) };
    const sites = Array.from({ length: 10 }, (_, i) => ({
      line: i + 1,
      url: `https://site${i}.example/`,
    }));
    const bulk = await repos.bulks.start({
      userId: agency.id,
      sites,
      rejected: [],
      plan: 'pro',
      engineeringCap: 1000,
    });
    expect(bulk.ok).toBe(true);
    now += 1000;
    const single = await repos.jobs.start({
      userId: other.id,
      plan: 'free',
      url: 'https://mine.example/',
      engineeringCap: 1000,
    });
    expect(single.ok).toBe(true);
    const owners: number[] = [];
    for (let i = 0; i < 3; i++) {
      const claimed = await repos.queue.claim(`w${i}`, LEASE, 3, 2);
      if (claimed) owners.push(claimed.job.userId);
    }
    // Two of the agency's (its cap), then the other user's, though 8 older bulk sites wait.
    expect(owners).toEqual([agency.id, agency.id, other.id]);
    expect(await repos.queue.claim('w9', LEASE, 3, 2)).toBeNull();
  });

  it('takes the next bulk site once one of the running ones ends or its lease lapses', async () => {
    const agency = { id: await insertUser(db, true) };
    const sites = [1, 2, 3].map((line) => ({ line, url: `https://s${line}.example/` }));
    await repos.bulks.start({
      userId: agency.id,
      sites,
      rejected: [],
      plan: 'pro',
      engineeringCap: 10,
    });
    const first = await repos.queue.claim('w1', LEASE, 3, 1);
    expect(first?.job.url).toBe('https://s1.example/');
    expect(await repos.queue.claim('w2', LEASE, 3, 1)).toBeNull();
    await repos.queue.fail(first?.job.id ?? '', first?.claimToken ?? '', 'stopped');
    expect((await repos.queue.claim('w2', LEASE, 3, 1))?.job.url).toBe('https://s2.example/');
    // A worker that died holds no slot once its lease has lapsed.
    now += LEASE + 1;
    const resumed = await repos.queue.claim('w3', LEASE, 3, 1);
    expect(resumed).toMatchObject({ resumed: true, job: { url: 'https://s2.example/' } });
  });
});

describe('the bulk window', () => {
  it('admits a list whole while it fits the hour, refuses it whole when not, in the one window of single starts', async () => {
    const agency = { id: await insertUser(db, true) };
    const list = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ line: i + 1, url: `https://b${i}.example/` }));
    const input = { userId: agency.id, rejected: [], plan: 'pro' as const, engineeringCap: 10 };
    expect((await repos.bulks.start({ ...input, sites: list(100) })).ok).toBe(true);
    const refused = await repos.bulks.start({ ...input, sites: list(101) });
    expect(refused).toMatchObject({
      ok: false,
      reason: 'hourly',
      before: 100,
      site: { line: 101 },
    });
    expect((await repos.bulks.start({ ...input, sites: list(100) })).ok).toBe(true);
    const over = await repos.bulks.start({ ...input, sites: list(1) });
    expect(over).toMatchObject({ ok: false, reason: 'hourly', rate: { limit: 200, remaining: 0 } });
    // Issue 27: the bulk sites count in the user's one hourly window of crawl starts.
    expect(await repos.jobs.startRate(agency.id, 'pro')).toMatchObject({ limit: 60, remaining: 0 });
    now += 60 * 60 * 1000 + 1;
    expect((await repos.bulks.start({ ...input, sites: list(100) })).ok).toBe(true);
  });
});
