import { randomBytes } from 'node:crypto';
import { createSqlRepositories, isClaimLost, type Repositories } from '@mapsmith/app';
import { openTestDatabase, type TestDatabase } from '@mapsmith/app/testing';
import { silentLogger, systemClock } from '@mapsmith/core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FixtureSiteProcess,
  startFixtureSiteProcess,
} from '../../../../../tests/fixtures/site/index.js';
import { createTestUser } from '../../repos/test-support.js';
import { aesGcmBox, secretKey } from '../../secrets/aes-gcm-box.js';
import { loadJobsConfig } from '../config.js';
import { ThreadCrawlTask } from './thread-crawl-task.js';

const PAGES = 400;
const KEYS = [secretKey(randomBytes(32))];

let site: FixtureSiteProcess;
let testDb: TestDatabase;
let repos: Repositories;
let task: ThreadCrawlTask;

beforeAll(async () => {
  // The site is a process of its own: a test that blocks this loop must not block the site.
  site = await startFixtureSiteProcess({ pages: PAGES, features: [], latencyMs: 5 });
});

afterAll(async () => {
  await site.close();
});

beforeEach(async () => {
  testDb = await openTestDatabase('sqlite');
  repos = createSqlRepositories(testDb.db, systemClock, aesGcmBox(KEYS));
  const file = (testDb.db as unknown as { file: string }).file;
  task = new ThreadCrawlTask(
    {
      databaseFile: file,
      secretKeys: KEYS,
      crawl: {
        jobs: { ...loadJobsConfig({}), render: 'never', crawlConcurrency: 2 },
        allowLoopback: true,
      },
    },
    silentLogger,
  );
});

afterEach(async () => {
  await task.close();
  await testDb.close();
});

/** A started and claimed crawl of the fixture site, with its claim token. */
async function claimedCrawl() {
  const user = await createTestUser(testDb.db);
  const started = await repos.jobs.start({
    userId: user.id,
    plan: 'pro',
    url: site.url,
    engineeringCap: 10_000,
  });
  if (!started.ok) throw new Error('refused');
  const claimed = await repos.queue.claim('worker-test', 60_000, 3);
  if (!claimed) throw new Error('nothing to claim');
  return claimed;
}

async function pagesStored(jobId: string): Promise<number> {
  const rows = await testDb.db.all<{ n: number }>(
    'SELECT count(*) AS n FROM crawl_pages WHERE job_id = ?',
    [jobId],
  );
  return Number(rows[0]?.n ?? 0);
}

async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('ThreadCrawlTask: the embedded server crawls in a thread of its own', () => {
  it('crawls a claimed job into the database file and answers its summary', async () => {
    const claimed = await claimedCrawl();
    const summary = await task.perform(claimed, new AbortController().signal);
    expect(summary.endedBy).toBe('finished');
    expect(summary.pagesCrawled).toBeGreaterThanOrEqual(PAGES);
    expect(await pagesStored(claimed.job.id)).toBe(summary.pagesCrawled);
    // The outcome the thread kept is the job's, read on this side.
    const details = await repos.jobs.details(claimed.job.id);
    expect(details.outcome?.endReason).toBe('finished');
    expect(details.outcome?.pages).toBe(summary.pagesCrawled);
  });

  it("goes on crawling while the server's own loop is blocked", async () => {
    const claimed = await claimedCrawl();
    const running = task.perform(claimed, new AbortController().signal);
    await until(async () => (await pagesStored(claimed.job.id)) > 0);
    const before = await pagesStored(claimed.job.id);
    // This loop does nothing for a second: a crawl on it could not fetch or store a page.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
    const after = await pagesStored(claimed.job.id);
    expect(after - before).toBeGreaterThanOrEqual(10);
    await running;
  });

  it("stops the thread's run when the pool aborts its signal", async () => {
    const claimed = await claimedCrawl();
    const abort = new AbortController();
    const running = task.perform(claimed, abort.signal);
    await until(async () => (await pagesStored(claimed.job.id)) > 0);
    abort.abort('shutdown');
    const summary = await running;
    expect(summary.endedBy).toBe('cancelled');
    expect(summary.pagesCrawled).toBeLessThan(PAGES);
  });

  it('rejects with ClaimLostError when another worker took the job over', async () => {
    const claimed = await claimedCrawl();
    const running = task.perform(claimed, new AbortController().signal);
    await until(async () => (await pagesStored(claimed.job.id)) > 0);
    await testDb.db.run('UPDATE crawl_jobs SET lease_expires_at = 0 WHERE id = ?', [
      claimed.job.id,
    ]);
    const again = await repos.queue.claim('worker-other', 60_000, 3);
    expect(again?.job.id).toBe(claimed.job.id);
    const err = await running.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isClaimLost(err)).toBe(true);
  });
});
