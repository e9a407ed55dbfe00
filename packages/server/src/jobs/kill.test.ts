import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BATCH_SAVES, isClaimLost, SqlCrawlJobRepository, SqlJobQueue } from '@mapsmith/app';
import { type CrawlOutcome, systemClock } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../tests/fixtures/site/index.js';
import { Database } from '../db/database.js';
import { migrate } from '../db/migrations/index.js';
import {
  BUILT_MAIN,
  type ChildServer,
  createTestUser,
  spawnBuiltServer,
  type TestUser,
} from '../repos/test-support.js';
import { databaseFile } from '../server.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
let site: FixtureSite;
let dataDir: string;
let user: TestUser;
const servers: ChildServer[] = [];

beforeAll(async () => {
  if (!fs.existsSync(BUILT_MAIN)) {
    process.stderr.write('kill test: building the server first (npm run build:ts)\n');
    execFileSync(
      process.execPath,
      ['node_modules/typescript/bin/tsc', '-b', 'packages/core', 'packages/server'],
      {
        cwd: root,
        stdio: 'ignore',
      },
    );
  }
  site = await startFixtureSite({ pages: 200, latencyMs: 10 });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-kill-'));
  const db = await Database.open(databaseFile(dataDir));
  await migrate(db);
  user = await createTestUser(db, { pro: true });
  await db.close();
});

afterAll(async () => {
  for (const s of servers) {
    if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGTERM');
    await s.exited;
  }
  await site.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Job {
  status: string;
  pagesCrawled: number;
  error: string | null;
  results: Array<{ url: string }>;
  resultsTotal: number;
}

/** Every listed URL of a job, sorted, from the URL table (the poll answer holds 100 at most). */
async function listedUrls(server: ChildServer, jobId: string): Promise<string[]> {
  const res = await fetch(`${server.url}/api/crawl/${jobId}/urls?verdict=listed&limit=500`, {
    headers: { Cookie: user.cookie },
  });
  const page = (await res.json()) as { rows: Array<{ url: string }>; nextCursor: string | null };
  expect(page.nextCursor).toBeNull();
  return page.rows.map((r) => r.url).sort();
}

/** How long a poll waits for a 200-page crawl's state: a loaded machine takes many seconds. */
const POLL_MS = 60_000;

async function poll(server: ChildServer, jobId: string, done: (job: Job) => boolean): Promise<Job> {
  const end = Date.now() + POLL_MS;
  for (;;) {
    const res = await fetch(`${server.url}/api/crawl/${jobId}`, {
      headers: { Cookie: user.cookie },
    });
    const job = (await res.json()) as Job;
    if (done(job) || Date.now() > end) return job;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts a crawl of the fixture site as the test user; its job id. */
async function startCrawl(server: ChildServer): Promise<string> {
  const start = await fetch(`${server.url}/api/crawl`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: user.cookie },
    body: JSON.stringify({ url: site.url }),
  });
  expect(start.status).toBe(201);
  return ((await start.json()) as { jobId: string }).jobId;
}

/** The report's counts per verdict reason of a job, and the pages charged to it. */
async function reportCounts(jobId: string) {
  return readDb(async (db) => ({
    reasons: await db.all<{ reason: string; n: number }>(
      'SELECT reason, n FROM crawl_report_counts WHERE job_id = ? AND n <> 0 ORDER BY reason',
      [jobId],
    ),
    charged: (
      await db.first<{ n: number }>('SELECT pages_crawled AS n FROM crawl_jobs WHERE id = ?', [
        jobId,
      ])
    )?.n,
  }));
}

/**
 * A job's link graph by path: each linked page's linking pages (the link rows) and the URL
 * table's `inlinks` count of each stored page.
 */
async function linkGraph(jobId: string) {
  const path = (url: string) => new URL(url).pathname;
  return readDb(async (db) => ({
    links: (
      await db.all<{ key: string; from_url: string }>(
        'SELECT key, from_url FROM crawl_inlinks WHERE job_id = ?',
        [jobId],
      )
    )
      .map((r) => `${path(r.key)} <- ${path(r.from_url)}`)
      .sort(),
    inlinks: Object.fromEntries(
      (
        await db.all<{ url: string; inlinks: number }>(
          'SELECT url, inlinks FROM crawl_pages WHERE job_id = ?',
          [jobId],
        )
      )
        .map((r) => [path(r.url), r.inlinks] as const)
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    ),
  }));
}

/**
 * What the file holds of a job: its stored pages, the report's counts of them, the pages
 * charged to the job and the month's meter, the frontier rows done. Equal sums at a kill show
 * that no batch was stored in part: its pages, counts, charges and frontier go in together.
 */
async function heldAtKill(jobId: string, userId: number) {
  return readDb((db) =>
    db.first<{ stored: number; counted: number; charged: number; metered: number; done: number }>(
      `SELECT (SELECT COUNT(*) FROM crawl_pages WHERE job_id = ?1) AS stored,
              (SELECT COALESCE(SUM(n), 0) FROM crawl_report_counts WHERE job_id = ?1) AS counted,
              (SELECT pages_crawled FROM crawl_jobs WHERE id = ?1) AS charged,
              (SELECT COALESCE(SUM(pages), 0) FROM usage_months WHERE user_id = ?2) AS metered,
              (SELECT COUNT(*) FROM crawl_frontier WHERE job_id = ?1 AND state = 'done') AS done`,
      [jobId, userId],
    ),
  );
}

async function readDb<T>(read: (db: Database) => Promise<T>): Promise<T> {
  const db = await Database.open(databaseFile(dataDir));
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

describe('a crawl survives SIGKILL of the server', () => {
  it('resumes from the stored frontier after a restart: completed, no page stored or charged twice', async () => {
    const env = { MAPSMITH_CRAWL_CONCURRENCY: '2' };
    const first = await spawnBuiltServer(dataDir, env);
    servers.push(first);
    const jobId = await startCrawl(first);
    const midway = await poll(first, jobId, (j) => j.pagesCrawled >= 40);
    expect(midway.status).toBe('crawling');
    first.child.kill('SIGKILL');
    await first.exited;
    const fetchedBeforeKill = new Set(
      site
        .requests()
        .filter((r) => r.url.startsWith('/p/'))
        .map((r) => r.url),
    );
    const storedAtKill = await readDb(async (db) =>
      (await db.all<{ url: string }>('SELECT url FROM crawl_pages WHERE job_id = ?', [jobId])).map(
        (r) => new URL(r.url).pathname,
      ),
    );
    // The pages whose leases had ended: stored with their links.
    const doneAtKill = await readDb(async (db) =>
      (
        await db.all<{ url: string }>(
          "SELECT url FROM crawl_frontier WHERE job_id = ? AND state = 'done'",
          [jobId],
        )
      ).map((r) => new URL(r.url).pathname),
    );

    const left = await readDb((db) =>
      db.first<{ status: string; n: number }>(
        'SELECT status, (SELECT COUNT(*) FROM crawl_pages WHERE job_id = ?1) AS n FROM crawl_jobs WHERE id = ?1',
        [jobId],
      ),
    );
    expect(left?.status).toBe('crawling');
    // The claim the killed worker held: its successor's fresh claim fences it.
    const killed = await readDb((db) =>
      db.first<{ token: string }>('SELECT claim_token AS token FROM crawl_jobs WHERE id = ?', [
        jobId,
      ]),
    );
    expect(killed?.token).toEqual(expect.any(String));
    expect(left?.n).toBeGreaterThanOrEqual(40);
    expect(left?.n).toBeLessThan(200);
    // Every page stored by the kill was counted and charged once; the fixture's pages are all
    // pages, so the charge is the count of rows. A page's frontier row is done once its links
    // are stored too: the links are held longer than the pages (`BATCH_LINKS`), so some stored
    // pages are still leased, and no page is done that was not stored.
    const held = await heldAtKill(jobId, user.id);
    expect(held).toEqual({
      stored: left?.n,
      counted: left?.n,
      charged: left?.n,
      metered: left?.n,
      done: doneAtKill.length,
    });
    expect(doneAtKill.filter((url) => !storedAtKill.includes(url))).toEqual([]);

    const second = await spawnBuiltServer(dataDir, env);
    servers.push(second);
    const job = await poll(second, jobId, (j) => j.status === 'completed' || j.status === 'failed');
    expect(job.status).toBe('completed');
    expect(await listedUrls(second, jobId)).toEqual(site.expectedStaticSitemapUrls);
    expect(job.results).toHaveLength(100);

    const facts = await readDb(async (db) => ({
      dupes: await db.all(
        'SELECT url FROM crawl_pages WHERE job_id = ? GROUP BY url HAVING COUNT(*) > 1',
        [jobId],
      ),
      stored: (
        await db.first<{ n: number }>('SELECT COUNT(*) AS n FROM crawl_pages WHERE job_id = ?', [
          jobId,
        ])
      )?.n,
      charged: (
        await db.first<{ n: number }>(
          'SELECT SUM(pages) AS n FROM usage_months WHERE user_id = ?',
          [user.id],
        )
      )?.n,
      job: await db.first<{ attempts: number; pages_crawled: number }>(
        'SELECT attempts, pages_crawled FROM crawl_jobs WHERE id = ?',
        [jobId],
      ),
    }));
    expect(facts.dupes).toEqual([]);
    expect(facts.job?.attempts).toBe(2);
    // The successor owns the outcome: the killed worker's claim can write none of it.
    const stale = await readDb(async (db) => {
      const queue = new SqlJobQueue(db, systemClock);
      const jobs = new SqlCrawlJobRepository(db, systemClock);
      const before = await db.first<{ outcome: string; summary: string }>(
        'SELECT outcome, summary FROM crawl_jobs WHERE id = ?',
        [jobId],
      );
      const token = killed?.token ?? '';
      const outcome = JSON.parse(before?.outcome ?? 'null') as CrawlOutcome;
      return {
        completed: await queue.complete(jobId, token, JSON.parse(before?.summary ?? 'null')),
        failed: await queue.fail(jobId, token, 'the killed run'),
        outcome: await jobs
          .saveOutcome(jobId, { ...outcome, endReason: 'interrupted' }, token)
          .then(
            () => 'written',
            (err: unknown) => (isClaimLost(err) ? 'refused' : String(err)),
          ),
        after: await db.first(
          'SELECT status, error, outcome, summary FROM crawl_jobs WHERE id = ?',
          [jobId],
        ),
        before,
      };
    });
    expect(stale).toMatchObject({ completed: false, failed: false, outcome: 'refused' });
    expect(stale.after).toEqual({ status: 'completed', error: null, ...stale.before });
    expect(facts.job?.pages_crawled).toBe(facts.stored);
    expect(facts.charged).toBe(facts.stored);
    expect(job.pagesCrawled).toBe(facts.stored);
    const refetched = [
      ...site
        .requests()
        .filter((r) => r.url.startsWith('/p/'))
        .reduce((m, r) => m.set(r.url, (m.get(r.url) ?? 0) + 1), new Map<string, number>()),
    ]
      .filter(([, n]) => n > 1)
      .map(([url]) => url);
    // The kill lost at most what was held: the batch of page saves not written (and the pages
    // in flight), and the links not written, whose pages were still leased. Exactly those are
    // fetched again, every one fetched before the kill and none whose lease had ended; those
    // stored already are stored again in place, and charged and counted once (below).
    const lost = [...fetchedBeforeKill].filter((url) => !doneAtKill.includes(url));
    expect(refetched.sort()).toEqual(lost.sort());
    expect(lost.filter((url) => !storedAtKill.includes(url)).length).toBeLessThanOrEqual(
      BATCH_SAVES + 2,
    );
    // The report counts and the charge equal those of a clean crawl of the same site.
    const clean = await startCrawl(second);
    const cleanJob = await poll(second, clean, (j) => j.status === 'completed');
    expect(cleanJob.status).toBe('completed');
    const [resumed, whole] = [await reportCounts(jobId), await reportCounts(clean)];
    expect(resumed).toEqual(whole);
    // So do the link rows and the URL table's inlinks counts: the lost batch's links came
    // again with its pages, and none is kept twice.
    const [resumedLinks, wholeLinks] = [await linkGraph(jobId), await linkGraph(clean)];
    expect(resumedLinks.links.length).toBeGreaterThan(site.expectedStaticSitemapUrls.length);
    expect(resumedLinks).toEqual(wholeLinks);
    expect(whole.charged).toBe(site.expectedStaticSitemapUrls.length);
    const meter = await readDb((db) =>
      db.first<{ n: number }>('SELECT SUM(pages) AS n FROM usage_months WHERE user_id = ?', [
        user.id,
      ]),
    );
    expect(meter?.n).toBe(2 * site.expectedStaticSitemapUrls.length);
    // One process per SQLite file: the next test starts its own.
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    // Honest bound for big work: three server starts, two whole 200-page crawls and a partial one.
  }, 180_000);

  it('on SIGTERM, stops promptly and leaves the crawl pending; the next start finishes it', async () => {
    const env = { MAPSMITH_CRAWL_CONCURRENCY: '2' };
    const server = await spawnBuiltServer(dataDir, env);
    servers.push(server);
    const start = await fetch(`${server.url}/api/crawl`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: user.cookie },
      body: JSON.stringify({ url: site.url }),
    });
    const { jobId } = (await start.json()) as { jobId: string };
    await poll(server, jobId, (j) => j.pagesCrawled >= 20);
    const stopping = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(8000);
    const row = await readDb((db) =>
      db.first<{ status: string; attempts: number }>(
        'SELECT status, attempts FROM crawl_jobs WHERE id = ?',
        [jobId],
      ),
    );
    expect(row).toEqual({ status: 'pending', attempts: 0 });
    const again = await spawnBuiltServer(dataDir, env);
    servers.push(again);
    const job = await poll(again, jobId, (j) => j.status === 'completed' || j.status === 'failed');
    expect(job.status).toBe('completed');
    expect(job.resultsTotal).toBe(site.expectedStaticSitemapUrls.length);
  }, 120_000);
});
