import {
  type CrawlRunner,
  CrawlTask,
  createSqlRepositories,
  type Repositories,
} from '@mapsmith/app';
import { openTestDatabase, type TestDatabase } from '@mapsmith/app/testing';
import type { SqlDatabase } from '@mapsmith/core';
import { type CrawlSummary, silentLogger } from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestUser } from '../repos/test-support.js';
import { DISK_FULL_CRAWL_STOP } from '../storage/disk-space.js';
import { WorkerPool } from './worker-pool.js';

let testDb: TestDatabase;
let db: SqlDatabase;
let repos: Repositories;
let pool: WorkerPool | undefined;

beforeEach(async () => {
  testDb = await openTestDatabase('sqlite');
  db = testDb.db;
  repos = createSqlRepositories(db);
});

afterEach(async () => {
  await pool?.stop();
  pool = undefined;
  await testDb.close();
});

const summary: CrawlSummary = {
  startUrl: 'https://example.com/',
  pagesCrawled: 0,
  included: 0,
  excluded: {},
  renderedPages: 0,
  endedBy: 'finished',
  pruned: {},
  durationMs: 1,
  error: null,
};

async function until(ok: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
}

describe('the worker pool with a per-user cap', () => {
  it("runs another user's later crawl beside a bulk list, and the rest of the list after", async () => {
    const agency = await createTestUser(db, { pro: true });
    const other = await createTestUser(db);
    const sites = [1, 2, 3].map((line) => ({ line, url: `https://s${line}.example/` }));
    await repos.bulks.start({
      userId: agency.id,
      sites,
      rejected: [],
      plan: 'pro',
      engineeringCap: 10,
    });
    await repos.jobs.start({
      userId: other.id,
      plan: 'free',
      url: 'https://mine.example/',
      engineeringCap: 10,
    });
    const running: string[] = [];
    const started: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const run: CrawlRunner = async (job) => {
      running.push(job.url);
      started.push(job.url);
      await gate;
      running.splice(running.indexOf(job.url), 1);
      return summary;
    };
    pool = new WorkerPool(
      repos.queue,
      new CrawlTask(repos.jobs, run, DISK_FULL_CRAWL_STOP),
      { concurrency: 2, perUserConcurrency: 1, leaseMs: 2000, heartbeatMs: 500, pollMs: 50 },
      silentLogger,
    );
    await pool.start(true);
    await until(() => running.length === 2);
    // Two workers: the list's first site and the other user's crawl, not two of the list.
    expect([...running].sort()).toEqual(['https://mine.example/', 'https://s1.example/']);
    release();
    await until(() => started.length === 4 && running.length === 0);
    expect(started.slice(2)).toEqual(['https://s2.example/', 'https://s3.example/']);
  });
});
