// Issue 30 point 2: a Pro crawl (no plan page cap) of an endless link trap stops growing on its
// own: through the app layer (WorkerPool, CrawlTask, the real crawler) on a real SQLite file, it
// ends with the bound that stopped it in its outcome, and the database stays small. Before the
// growth bounds the crawl ran on; the `until` below gives up after 60 s and the test fails.
import fs from 'node:fs';
import {
  type CrawlRunner,
  CrawlTask,
  createSqlRepositories,
  type Repositories,
  runCrawler,
} from '@mapsmith/app';
import { openTestDatabase, type TestDatabase } from '@mapsmith/app/testing';
import {
  type CrawlOptions,
  createUrlPolicy,
  DEFAULT_ENGINEERING_PAGE_CAP,
  jobCrawlPlan,
  silentLogger,
  storageBudgetBytes,
} from '@mapsmith/core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTrapSite, type TrapSite } from '../../../../tests/fixtures/trap/trap-site.js';
import type { Database } from '../db/database.js';
import { createTestUser } from '../repos/test-support.js';
import { DISK_FULL_CRAWL_STOP } from '../storage/disk-space.js';
import { WorkerPool } from './worker-pool.js';

let site: TrapSite;
let testDb: TestDatabase;
let db: Database;
let repos: Repositories;
let pool: WorkerPool | undefined;

beforeAll(async () => {
  site = await startTrapSite();
});
afterAll(() => site.close());

beforeEach(async () => {
  testDb = await openTestDatabase('sqlite');
  db = testDb.db as Database;
  repos = createSqlRepositories(db);
});

afterEach(async () => {
  await pool?.stop();
  pool = undefined;
  await testDb.close();
});

/**
 * Runs one Pro crawl of the trap with the server's runner and these shell bounds; with
 * `storedBefore`, the user's earlier crawls already hold that many bytes.
 */
async function crawlTrap(bounds: Partial<CrawlOptions>, storedBefore = 0) {
  const user = await createTestUser(db);
  if (storedBefore > 0) {
    const earlier = await repos.jobs.start({
      userId: user.id,
      plan: 'pro',
      url: 'https://example.com/',
      engineeringCap: DEFAULT_ENGINEERING_PAGE_CAP,
    });
    if (!earlier.ok) throw new Error('refused');
    await db.run("UPDATE crawl_jobs SET status = 'completed', stored_bytes = ? WHERE id = ?", [
      storedBefore,
      earlier.job.id,
    ]);
  }
  const started = await repos.jobs.start({
    userId: user.id,
    plan: 'pro',
    url: `${site.origin}/`,
    engineeringCap: DEFAULT_ENGINEERING_PAGE_CAP,
  });
  if (!started.ok) throw new Error('refused');
  const policy = createUrlPolicy({ allowLoopback: true });
  // What the server's runner does (`crawl-runner.ts`), without Chromium.
  const run: CrawlRunner = (job, ctx) => {
    const { options, userAgent } = jobCrawlPlan(job, {
      renderAvailable: false,
      allowLoopback: true,
      ...bounds,
    });
    return runCrawler(
      { renderer: undefined, policy, logger: silentLogger },
      options,
      userAgent,
      ctx,
    );
  };
  pool = new WorkerPool(
    repos.queue,
    new CrawlTask(repos.jobs, run, DISK_FULL_CRAWL_STOP),
    { concurrency: 1, leaseMs: 10_000, heartbeatMs: 2_500, pollMs: 50 },
    silentLogger,
  );
  await pool.start(true);
  const end = Date.now() + 60_000;
  let job = await repos.jobs.get(started.job.id, user.id);
  while (job?.status !== 'completed' && job?.status !== 'failed' && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100));
    job = await repos.jobs.get(started.job.id, user.id);
  }
  await pool.stop();
  pool = undefined;
  const details = await repos.jobs.details(started.job.id);
  return { job, details, bytes: fs.statSync(db.file).size };
}

describe('a Pro crawl of a link trap', () => {
  it('stops at the frontier bound and says so, with a small database', async () => {
    const { job, details, bytes } = await crawlTrap({ maxFrontierUrls: 1500 });
    expect(job?.status).toBe('completed');
    expect(details.summary?.endedBy).toBe('frontier-limit');
    expect(details.outcome?.endReason).toBe('frontier-limit');
    expect(details.outcome?.endSentence).toMatch(
      /^Stopped at the frontier bound of 1,500 URLs \(a link trap\?\)/,
    );
    expect(job?.pagesCrawled).toBeLessThanOrEqual(1500);
    // The trap heuristics pruned its repeated segments; query permutations and session ids
    // were one URL each (the key sorts the query and drops session parameters).
    expect(details.summary?.pruned['repeated-segments']).toBeGreaterThan(0);
    expect(details.summary?.pruned['segment-occurrences']).toBeGreaterThan(0);
    expect(details.summary?.notes?.join('\n')).toMatch(/more than 3 times/);
    // The links past the bound were left out, counted (the frontier rows go when the job ends).
    expect(details.summary?.pruned.frontier).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(32 * 1024 * 1024);
  }, 90_000);

  it('stops at the storage bound of one crawl', async () => {
    const { job, details, bytes } = await crawlTrap({ maxStoredBytes: 2 * 1024 * 1024 });
    expect(job?.status).toBe('completed');
    expect(details.outcome?.endReason).toBe('storage-limit');
    expect(details.outcome?.endSentence).toMatch(
      /^Stopped at the storage bound of 2 MB for one crawl \(a link trap\?\)/,
    );
    expect(bytes).toBeLessThan(32 * 1024 * 1024);
  }, 90_000);

  it('ends when the crawls of the owner fill the storage budget, and the next start is refused', async () => {
    const budget = storageBudgetBytes('pro');
    const { job, details } = await crawlTrap({}, budget - 1024 ** 2);
    expect(job?.status).toBe('completed');
    expect(details.summary?.endedBy).toBe('storage-budget');
    expect(details.outcome?.endReason).toBe('storage-budget');
    expect(details.outcome?.endSentence).toMatch(
      /^Stopped: your crawls use all 2,048 MB of storage your plan keeps.*Delete old crawls to free space\.$/,
    );
    const stored = await db.first<{ bytes: number }>(
      'SELECT stored_bytes AS bytes FROM crawl_jobs WHERE id = ?',
      [job?.id ?? null],
    );
    // Checked every 50 saves: past the budget by at most about that many pages.
    expect(stored?.bytes).toBeGreaterThanOrEqual(1024 ** 2);
    expect(stored?.bytes).toBeLessThan(2 * 1024 ** 2);
    const again = await repos.jobs.start({
      userId: job?.userId ?? 0,
      plan: 'pro',
      url: `${site.origin}/`,
      engineeringCap: DEFAULT_ENGINEERING_PAGE_CAP,
    });
    expect(again).toMatchObject({ ok: false, reason: 'storage' });
  }, 90_000);
});
