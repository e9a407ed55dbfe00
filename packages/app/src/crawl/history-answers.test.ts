// Issue 26 point 1: every crawl stays reachable. The history's reads and deletes, the same in
// both shells, over a real SQLite file with the application layer's own schema.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type CrawlStatus, makePage, type PageRecord } from '@mapsmith/core';
import { Database } from '@mapsmith/sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../schema/index.js';
import { SqlCrawlJobRepository } from '../sql/crawl-jobs.js';
import { SqlCrawlStore } from '../sql/crawl-store.js';
import { SqlUsageRepository } from '../sql/usage.js';
import { CrawlAnswers } from './answers.js';
import { CrawlHistory } from './history-answers.js';

let dir: string;
let db: Database;
let history: CrawlHistory;
let answers: CrawlAnswers;
let nextUser = 1;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-history-'));
  db = await Database.open(path.join(dir, 'data.sqlite'));
  await migrate(db);
  const repos = {
    jobs: new SqlCrawlJobRepository(db, { now: () => Date.now() }),
    usage: new SqlUsageRepository(db),
  };
  history = new CrawlHistory(repos);
  answers = new CrawlAnswers(repos);
});

afterEach(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function user(): Promise<number> {
  const id = nextUser++;
  await db.run('INSERT INTO users (id, username, email, password_hash) VALUES (?, ?, ?, ?)', [
    id,
    `u${id}`,
    `u${id}@example.com`,
    '!',
  ]);
  return id;
}

interface Seed {
  url: string;
  status?: CrawlStatus;
  pages?: PageRecord[];
  /** Minutes before now the crawl started. */
  ago: number;
  score?: number;
}

/** Stores a crawl as its run would have: the job row and its pages. */
async function seed(userId: number, s: Seed): Promise<string> {
  const id = randomUUID();
  const createdMs = Date.now() - s.ago * 60_000;
  const at = new Date(createdMs).toISOString();
  const pages = s.pages ?? [makePage(s.url)];
  await db.run(
    `INSERT INTO crawl_jobs (id, user_id, url, status, page_cap, pages_crawled, created_at, created_ms,
                             started_at, finished_at, seo_analysis)
     VALUES (?, ?, ?, ?, 1000, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      userId,
      s.url,
      s.status ?? 'completed',
      pages.length,
      at,
      createdMs,
      at,
      at,
      s.score === undefined ? null : JSON.stringify({ score: s.score }),
    ],
  );
  const store = new SqlCrawlStore(db, id, { now: () => createdMs });
  for (const [i, page] of pages.entries()) await store.savePage(`k${i}`, page);
  return id;
}

/** `n` pages of `site`. */
function pagesOf(site: string, n: number): PageRecord[] {
  return Array.from({ length: n }, (_, i) => makePage(`${site}p${i}`));
}

describe('crawls.list', () => {
  it('pages through every crawl, newest first, with the totals', async () => {
    const me = await user();
    const ids: string[] = [];
    for (let i = 0; i < 45; i++)
      ids.push(await seed(me, { url: `https://s${i}.example/`, ago: i }));
    await seed(await user(), { url: 'https://other.example/', ago: 0 });

    const first = await history.crawls(me, {});
    expect(first).toMatchObject({ matching: 45, total: 45, page: 1, pageSize: 20, pages: 3 });
    expect(first.items.map((i) => i.id)).toEqual(ids.slice(0, 20));
    const third = await history.crawls(me, { page: 3 });
    expect(third.items.map((i) => i.id)).toEqual(ids.slice(40));
    expect(third.items[0]).toMatchObject({ url: 'https://s40.example/', status: 'completed' });
  });

  it('refuses a page past the last, saying how many there are', async () => {
    const me = await user();
    await seed(me, { url: 'https://a.example/', ago: 1 });
    await expect(history.crawls(me, { page: 2 })).rejects.toMatchObject({
      status: 400,
      code: 'history.page-past-end',
      message: expect.stringContaining('There is 1 page of crawls'),
    });
    // A user with no crawl has one empty page, never an error.
    expect(await history.crawls(await user(), {})).toMatchObject({ items: [], pages: 1, total: 0 });
  });

  it('searches the site, filters the status, and sorts by date, pages and score', async () => {
    const me = await user();
    const small = await seed(me, {
      url: 'https://Shop.example/',
      ago: 3,
      pages: pagesOf('https://shop.example/', 1),
      score: 90,
    });
    const big = await seed(me, {
      url: 'https://shop.example/',
      ago: 2,
      pages: pagesOf('https://shop.example/', 5),
    });
    const mid = await seed(me, {
      url: 'https://blog.example/',
      ago: 1,
      pages: pagesOf('https://blog.example/', 3),
      score: 40,
    });
    const failed = await seed(me, { url: 'https://100%_off.example/', ago: 0, status: 'failed' });
    const ids = async (input: Parameters<CrawlHistory['crawls']>[1]) =>
      (await history.crawls(me, input)).items.map((i) => i.id);

    expect(await ids({ q: 'SHOP' })).toEqual([big, small]);
    // LIKE's wildcards in the search are plain characters.
    expect(await ids({ q: '%_' })).toEqual([failed]);
    expect(await ids({ q: 'o%' })).toEqual([]);
    expect(await ids({ status: 'failed' })).toEqual([failed]);
    expect((await history.crawls(me, { q: 'shop' })).matching).toBe(2);
    expect((await history.crawls(me, { q: 'shop' })).total).toBe(4);
    expect(await ids({ sort: 'date', dir: 'asc' })).toEqual([small, big, mid, failed]);
    expect(await ids({ sort: 'pages' })).toEqual([big, mid, failed, small]);
    expect(await ids({ sort: 'pages', dir: 'asc' })).toEqual([failed, small, mid, big]);
    // Crawls not scored yet come last either way.
    expect(await ids({ sort: 'score' })).toEqual([small, mid, failed, big]);
    expect(await ids({ sort: 'score', dir: 'asc' })).toEqual([mid, small, failed, big]);
    expect((await history.crawls(me, { sort: 'score' })).items[0]?.score).toBe(90);
  });
});

describe('crawl.delete', () => {
  it('deletes the crawl, its stored pages and its files; the other crawls stay', async () => {
    const me = await user();
    const gone = await seed(me, {
      url: 'https://a.example/',
      ago: 1,
      pages: pagesOf('https://a.example/', 4),
    });
    const kept = await seed(me, {
      url: 'https://a.example/',
      ago: 2,
      pages: pagesOf('https://a.example/', 2),
    });
    const files = path.join(dir, 'exports', gone);
    fs.mkdirSync(files, { recursive: true });
    fs.writeFileSync(path.join(files, 'sitemap.xml'), '<urlset/>');

    const answer = await history.deleteCrawl(gone, me, {
      forget: (job) => fs.promises.rm(path.join(dir, 'exports', job.id), { recursive: true }),
    });
    expect(answer.message).toBe('The crawl of https://a.example/ and its files were deleted');
    expect(fs.existsSync(files)).toBe(false);
    const count = async (table: string, id: string) =>
      (
        await db.first<{ n: number }>(
          `SELECT COUNT(*) AS n FROM ${table} WHERE ${table === 'crawl_jobs' ? 'id' : 'job_id'} = ?`,
          [id],
        )
      )?.n;
    expect(await count('crawl_jobs', gone)).toBe(0);
    expect(await count('crawl_pages', gone)).toBe(0);
    expect(await count('crawl_pages', kept)).toBe(2);
    expect((await history.crawls(me, {})).items.map((i) => i.id)).toEqual([kept]);
  });

  it("answers another user's crawl as a missing one, and leaves it", async () => {
    const me = await user();
    const theirs = await seed(await user(), { url: 'https://b.example/', ago: 1 });
    for (const id of [theirs, 'no-such-crawl'])
      await expect(history.deleteCrawl(id, me)).rejects.toMatchObject({
        status: 404,
        code: 'crawl.not-found',
      });
    expect(await db.first('SELECT id FROM crawl_jobs WHERE id = ?', [theirs])).toBeDefined();
  });

  it('refuses a running crawl and the one a schedule publishes', async () => {
    const me = await user();
    const running = await seed(me, { url: 'https://c.example/', ago: 1, status: 'crawling' });
    await expect(history.deleteCrawl(running, me)).rejects.toMatchObject({
      status: 409,
      code: 'crawl.running',
    });
    const published = await seed(me, { url: 'https://c.example/', ago: 2 });
    await db.run(
      `INSERT INTO crawl_schedules (id, user_id, url, frequency, time_of_day, time_zone, token, next_run_ms, created_at, published_job_id)
       VALUES ('s1', ?, 'https://c.example/', 'daily', '03:00', 'UTC', 't1', 0, ?, ?)`,
      [me, new Date().toISOString(), published],
    );
    await expect(history.deleteCrawl(published, me)).rejects.toMatchObject({
      status: 409,
      code: 'crawl.published',
    });
    expect((await history.crawls(me, {})).total).toBe(2);
  });
});

describe('crawl.changes against any crawl of the site', () => {
  it('compares two crawls that were not consecutive, and keeps nothing of it', async () => {
    const me = await user();
    const site = 'https://d.example/';
    const page = (p: string, fingerprint: string) => makePage(`${site}${p}`, { fingerprint });
    const oldest = await seed(me, {
      url: site,
      ago: 30,
      pages: [page('a', '1'), page('b', '1'), page('c', '1')],
    });
    await seed(me, { url: site, ago: 20, pages: [page('a', '1')] });
    const newest = await seed(me, {
      url: 'https://d.example',
      ago: 10,
      pages: [page('a', '2'), page('b', '1'), page('d', '1')],
    });

    const changes = await answers.changes(newest, me, oldest);
    expect(changes.summary).toMatchObject({
      previousJobId: oldest,
      added: 1,
      removed: 1,
      changed: 1,
      unchanged: 1,
      newlyExcluded: 0,
    });
    expect(changes.removed).toEqual([{ url: `${site}c`, title: null }]);
    // The kept comparison (none was made for these seeded crawls) is left as it was.
    expect((await answers.changes(newest, me)).summary).toBeNull();
  });

  it('refuses a crawl of another site, the crawl itself, and another user’s crawl', async () => {
    const me = await user();
    const a = await seed(me, { url: 'https://e.example/', ago: 2 });
    const b = await seed(me, { url: 'https://f.example/', ago: 1 });
    const theirs = await seed(await user(), { url: 'https://e.example/', ago: 1 });
    await expect(answers.changes(a, me, b)).rejects.toMatchObject({
      status: 400,
      code: 'crawl.other-site',
      message: expect.stringContaining('Only crawls of the same site can be compared'),
    });
    await expect(answers.changes(a, me, a)).rejects.toMatchObject({ code: 'crawl.other-site' });
    await expect(answers.changes(a, me, theirs)).rejects.toMatchObject({
      status: 404,
      code: 'crawl.not-found',
    });
  });
});
