import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CrawlAnswers,
  migrate as migrateApp,
  migrations,
  SqlCrawlJobRepository,
  SqlJobQueue,
  SqlUsageRepository,
} from '@mapsmith/app';
import {
  type CrawledPage,
  type CrawlStore,
  type CrawlSummary,
  createCrawler,
  createHttpFetcher,
  createMemoryStore,
  createUrlPolicy,
  type InlinkObservation,
  LINKED_FROM_KEPT,
  reportColumns,
  urlKey,
} from '@mapsmith/core';
import { Database, migrate } from '@mapsmith/sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importLegacyFile } from '../../packages/desktop/src/main/store/legacy-import';
import { VARIED_FEATURES } from '../fixtures/site/crawl-helper.js';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/index.js';
import { type LegacyLinks, openLegacyFile, writeLegacyCrawl } from './support/legacy-schema';

const INTERRUPTED = 'Interrupted: the app closed during the crawl';
const DESKTOP_SETTINGS = {
  id: 1000,
  name: 'desktop-settings',
  up: 'CREATE TABLE desktop_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);',
};
const SETTINGS = { 'account.token': 'v1:encrypted-token-bytes', 'export.folder': '/home/me/maps' };
// Three crawls: two of the site a month apart (the second compared with the first), and one the
// app closed during.
const A = { id: 'legacy-a', at: Date.parse('2026-10-05T09:00:00.000Z'), tookMs: 12_340 };
const B = { id: 'legacy-b', at: Date.parse('2026-11-03T10:00:00.000Z'), tookMs: 9_870 };
const C = { id: 'legacy-c', at: Date.parse('2026-11-10T08:30:00.000Z') };
const C_SETTINGS = { listQueryUrls: true };
const NOW = Date.parse('2026-11-22T12:00:00.000Z');

type StoreCall = { key: string; page: CrawledPage } | { links: InlinkObservation[] };

let dir: string;
let site: FixtureSite;
let summary: CrawlSummary;
/** Every save and inlink observation of the crawl, in order, to store it again natively. */
const calls: StoreCall[] = [];
/** The records of the crawl's `page` events, as the old app stored them. */
const events: CrawledPage[] = [];
const links: LegacyLinks[] = [];
let native: App;
let imported: App;
let nativeIds: Record<string, string>;
let result: Awaited<ReturnType<typeof importLegacyFile>>;

interface App {
  db: Database;
  userId: number;
  answers: CrawlAnswers;
}

/** A fresh file with the app's schema, the desktop's settings table and the one local user. */
async function openApp(name: string): Promise<App> {
  const db = await Database.open(path.join(dir, name));
  await migrate(db, [...migrations, DESKTOP_SETTINGS]);
  const user = await db.transaction((tx) =>
    tx.first<{ id: number }>(
      "INSERT INTO users (username, email, password_hash) VALUES ('local', 'local@desktop.invalid', '') RETURNING id",
    ),
  );
  const userId = user?.id ?? 0;
  const jobs = new SqlCrawlJobRepository(db, { now: () => NOW });
  return { db, userId, answers: new CrawlAnswers({ jobs, usage: new SqlUsageRepository(db) }) };
}

/** A store that passes everything to `inner` and logs what a store keeps. */
function recording(inner: CrawlStore): CrawlStore {
  return {
    enqueue: (entries) => inner.enqueue(entries),
    take: (limit) => inner.take(limit),
    requeueLeased: () => inner.requeueLeased(),
    counts: () => inner.counts(),
    addInlinks: (observed) => {
      calls.push({ links: structuredClone(observed) });
      return inner.addInlinks(observed);
    },
    savePage: (key, page) => {
      calls.push({ key, page: structuredClone(page) });
      return inner.savePage(key, page);
    },
    pages: () => inner.pages(),
  };
}

/** Crawls the fixture site once with the core crawler, as the old crawler process did. */
async function crawlSite(): Promise<void> {
  const policy = createUrlPolicy({ allowLoopback: true });
  const fetcher = createHttpFetcher({ policy });
  const memory = createMemoryStore();
  const crawler = createCrawler({
    policy,
    fetcher,
    store: recording(memory),
    tuning: { retryBaseMs: 20 },
  });
  try {
    for await (const event of crawler.crawl({
      startUrl: site.url,
      maxPages: 100,
      render: 'never',
    })) {
      if (event.type === 'page') events.push(structuredClone(event.page));
      if (event.type === 'done') summary = event.summary;
    }
  } finally {
    await fetcher.close();
  }
  // The old crawler process's `postLinks`.
  for await (const page of memory.pages())
    if (page.inlinks > 0)
      links.push({ url: page.url, inlinks: page.inlinks, linkedFrom: page.linkedFrom });
}

/** The crawl C stopped in: its first records up to three pages (what its progress counted). */
function interruptedPages(): CrawledPage[] {
  const out: CrawledPage[] = [];
  let pages = 0;
  for (const page of events) {
    if (pages === 3) break;
    out.push(page);
    if (reportColumns(page).is_page === 1) pages++;
  }
  return out;
}

/** The same three crawls stored natively: started, claimed, saved through the SQL store, ended. */
async function storeNatively(app: App): Promise<Record<string, string>> {
  let now = 0;
  const clock = { now: () => now };
  const jobs = new SqlCrawlJobRepository(app.db, clock);
  const queue = new SqlJobQueue(app.db, clock);
  const run = async (
    at: number,
    replay: StoreCall[],
    end: (id: string, token: string) => Promise<unknown>,
  ) => {
    now = at;
    const started = await jobs.start({
      userId: app.userId,
      plan: 'free',
      url: site.url,
      engineeringCap: 100_000,
    });
    if (!started.ok) throw new Error(`refused: ${started.reason}`);
    const claimed = await queue.claim('test', 60_000, 3);
    if (!claimed) throw new Error('nothing to claim');
    const store = jobs.store(started.job.id, claimed.claimToken);
    for (const call of replay)
      await ('links' in call ? store.addInlinks(call.links) : store.savePage(call.key, call.page));
    await end(started.job.id, claimed.claimToken);
    return started.job.id;
  };
  const completed = async (at: number, tookMs: number) => {
    const id = await run(at, calls, async (jobId, token) => {
      now = at + tookMs;
      await queue.complete(jobId, token, summary);
      const job = await jobs.get(jobId, app.userId);
      if (job) await jobs.compareWithPrevious(job);
    });
    return id;
  };
  const a = await completed(A.at, A.tookMs);
  const b = await completed(B.at, B.tookMs);
  // Without the inlinks seen before it stopped: the old file never had them (see the URL table).
  const cCalls = interruptedPages().map((page) => ({ key: urlKey(page.url) ?? page.url, page }));
  const c = await run(C.at, cCalls, (jobId, token) => queue.fail(jobId, token, INTERRUPTED));
  return { [a]: A.id, [b]: B.id, [c]: C.id };
}

/** `value` with the native job ids replaced by the legacy ones they stand for. */
function asLegacy<T>(value: T): T {
  let text = JSON.stringify(value);
  for (const [id, legacy] of Object.entries(nativeIds)) text = text.replaceAll(id, legacy);
  return JSON.parse(text) as T;
}

/** Writes the old data file of the same three crawls, the way the old app did. */
async function writeLegacy(file: string): Promise<void> {
  const old = await openLegacyFile(file);
  const iso = (ms: number) => new Date(ms).toISOString();
  const pages = summary.pages ?? summary.pagesCrawled;
  for (const [job, tookMs] of [
    [A, A.tookMs],
    [B, B.tookMs],
  ] as const)
    await writeLegacyCrawl(old, {
      id: job.id,
      url: site.url,
      pageCap: 100,
      createdAt: iso(job.at),
      pages: events,
      links,
      pagesCrawled: pages,
      end: { status: 'completed', finishedAt: iso(job.at + tookMs), error: null, summary },
    });
  await writeLegacyCrawl(old, {
    id: C.id,
    url: site.url,
    pageCap: 100_000,
    settings: C_SETTINGS,
    createdAt: iso(C.at),
    pages: interruptedPages(),
    pagesCrawled: 3,
  });
  for (const [key, value] of Object.entries(SETTINGS))
    await old.run('INSERT INTO settings (key, value) VALUES (?, ?)', [key, value]);
  // The old app kept A's outcome on its first read: the import must carry it, not recompute it.
  const outcome = (await native.answers.crawl(Object.keys(nativeIds)[0] ?? '', native.userId))
    .outcome;
  await old.run('UPDATE jobs SET outcome = ? WHERE id = ?', [JSON.stringify(outcome), A.id]);
  await old.close();
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-legacy-'));
  site = await startFixtureSite({ pages: 30, features: [...VARIED_FEATURES, 'robots-pages'] });
  await crawlSite();
  native = await openApp('native.sqlite');
  nativeIds = await storeNatively(native);
  const legacyFile = path.join(dir, 'mapsmith.sqlite');
  await writeLegacy(legacyFile);
  imported = await openApp('app.sqlite');
  result = await importLegacyFile(imported.db, legacyFile, imported.userId);
}, 120_000);

afterAll(async () => {
  await native?.db.close();
  await imported?.db.close();
  await site?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('importing an earlier version’s data file', () => {
  it('brings every job, page and setting across', () => {
    const pages = events.length * 2 + interruptedPages().length;
    expect(events.length).toBeGreaterThan(40);
    expect(result).toEqual({ jobs: 3, pages, settings: 2 });
  });

  it('carries each job row’s columns: the kept outcome, the settings, the plan’s quota', async () => {
    // Read before any answer computes an outcome: only A's, kept by the old app, is there.
    const rows = await imported.db.all(
      `SELECT id, user_id, page_cap, month_quota, outcome IS NOT NULL AS outcome, settings,
              changes IS NOT NULL AS changes FROM crawl_jobs ORDER BY created_ms`,
    );
    const base = { user_id: imported.userId, page_cap: 100, month_quota: 500, settings: null };
    expect(rows).toEqual([
      { ...base, id: A.id, outcome: 1, changes: 0 },
      { ...base, id: B.id, outcome: 0, changes: 1 },
      // A crawl the old app did not cap at the free plan's 100 pages ran on Pro: no monthly quota.
      {
        id: C.id,
        user_id: imported.userId,
        page_cap: 100_000,
        month_quota: null,
        outcome: 0,
        settings: JSON.stringify(C_SETTINGS),
        changes: 0,
      },
    ]);
  });

  it('keeps the history, with the completion times the old history showed', async () => {
    const history = await imported.answers.history(imported.userId);
    expect(history.map((h) => h.id)).toEqual([C.id, B.id, A.id]);
    // The old history: (finished_at - created_at) in tenths of a second, completed crawls only.
    expect(history.map((h) => h.completionTime)).toEqual([undefined, 9.9, 12.3]);
    const natively = asLegacy(await native.answers.history(native.userId));
    expect(history.slice(1)).toEqual(natively.slice(1));
    expect(history[0]).toEqual({
      id: C.id,
      url: site.url,
      status: 'failed',
      pagesCrawled: 3,
      createdAt: new Date(C.at).toISOString(),
    });
  });

  it('answers each crawl as the same crawl stored natively does', async () => {
    for (const [nativeId, legacyId] of Object.entries(nativeIds).slice(0, 2)) {
      const job = await imported.answers.crawl(legacyId, imported.userId);
      expect(job).toEqual(asLegacy(await native.answers.crawl(nativeId, native.userId)));
      expect(job.status).toBe('completed');
      expect(job.results.length).toBeGreaterThan(20);
    }
  });

  it('fails the crawl the app closed during, with the sentence, keeping its pages', async () => {
    const job = await imported.answers.crawl(C.id, imported.userId);
    expect(job).toMatchObject({
      status: 'failed',
      error: INTERRUPTED,
      pagesCrawled: 3,
      finishedAt: null,
      settings: C_SETTINGS,
    });
    const urls = await imported.answers.urls({ jobId: C.id, limit: 500 }, imported.userId);
    expect(urls.rows.map((r) => r.url)).toEqual(interruptedPages().map((p) => p.url));
  });

  it('gives the same URL table, inlinks and URL details', async () => {
    let manyLinked = 0;
    for (const [nativeId, legacyId] of Object.entries(nativeIds)) {
      const table = await imported.answers.urls({ jobId: legacyId, limit: 500 }, imported.userId);
      const expected = await native.answers.urls({ jobId: nativeId, limit: 500 }, native.userId);
      expect(table).toEqual(asLegacy(expected));
      // The old app wrote the link graph when a crawl ended: C never got one.
      if (legacyId !== C.id) expect(table.rows.some((r) => r.inlinks > 1)).toBe(true);
      for (const row of table.rows) {
        const detail = await imported.answers.url(
          { jobId: legacyId, url: row.url },
          imported.userId,
        );
        const natively = asLegacy(
          await native.answers.url({ jobId: nativeId, url: row.url }, native.userId),
        );
        if (row.inlinks <= LINKED_FROM_KEPT) {
          expect(detail).toEqual(natively);
          continue;
        }
        // Past five linking pages the old file kept the first five met; the app shows the
        // first five of all of them by URL, which the old file never had.
        const met = links.find((l) => l.url === row.url)?.linkedFrom ?? [];
        expect(detail).toEqual({ ...natively, linkedFrom: [...met].sort() });
        manyLinked++;
      }
    }
    expect(manyLinked).toBeGreaterThan(0);
    const b = await imported.answers.urls({ jobId: B.id, limit: 500 }, imported.userId);
    // B was compared with A when it ended: its rows kept their change.
    expect(new Set(b.rows.map((r) => r.change))).toContain('unchanged');
  });

  it('gives the same SEO analysis and change report', async () => {
    for (const [nativeId, legacyId] of Object.entries(nativeIds).slice(0, 2)) {
      expect(await imported.answers.seo(legacyId, imported.userId)).toEqual(
        asLegacy(await native.answers.seo(nativeId, native.userId)),
      );
      expect(await imported.answers.changes(legacyId, imported.userId)).toEqual(
        asLegacy(await native.answers.changes(nativeId, native.userId)),
      );
    }
  });

  it('keeps the monthly meter and the analytics', async () => {
    const analytics = await imported.answers.analytics(imported.userId, 'free', NOW);
    expect(analytics).toEqual(await native.answers.analytics(native.userId, 'free', NOW));
    const month = await imported.db.first<{ pages: number }>(
      "SELECT pages FROM usage_months WHERE user_id = ? AND month = '2026-11'",
      [imported.userId],
    );
    expect(month?.pages).toBe((summary.pages ?? summary.pagesCrawled) + 3);
  });

  it('carries the settings, the linked account’s token among them', async () => {
    const rows = await imported.db.all<{ key: string; value: string }>(
      'SELECT key, value FROM desktop_settings ORDER BY key',
    );
    expect(Object.fromEntries(rows.map((r) => [r.key, r.value]))).toEqual(SETTINGS);
  });
});

describe('a file that is not an earlier data file', () => {
  it('imports nothing from a file without the old tables', async () => {
    const app = await openApp('other-target.sqlite');
    const other = path.join(dir, 'other.sqlite');
    const db = await Database.open(other);
    await migrateApp(db);
    await db.close();
    expect(await importLegacyFile(app.db, other, app.userId)).toEqual({
      jobs: 0,
      pages: 0,
      settings: 0,
    });
    expect(await app.db.first('SELECT COUNT(*) AS n FROM crawl_jobs')).toEqual({ n: 0 });
    await app.db.close();
  });

  it('throws a clear error on a garbage file and leaves the database as it was', async () => {
    const garbage = path.join(dir, 'garbage.sqlite');
    fs.writeFileSync(garbage, 'not a database '.repeat(100));
    const before = await snapshot(imported.db);
    await expect(importLegacyFile(imported.db, garbage, imported.userId)).rejects.toThrow(
      /earlier version could not be imported .*file is not a database/,
    );
    await expect(
      importLegacyFile(imported.db, path.join(dir, 'missing.sqlite'), imported.userId),
    ).rejects.toThrow(/could not be imported/);
    expect(fs.existsSync(path.join(dir, 'missing.sqlite'))).toBe(false);
    expect(await snapshot(imported.db)).toEqual(before);
  });

  it('writes nothing when a record deep in the file is broken', async () => {
    const app = await openApp('broken-target.sqlite');
    const broken = path.join(dir, 'broken.sqlite');
    fs.copyFileSync(path.join(dir, 'mapsmith.sqlite'), broken);
    const old = await Database.open(broken);
    await old.run("UPDATE pages SET record = '{' WHERE job_id = ? AND seq = 5", [B.id]);
    await old.close();
    const before = await snapshot(app.db);
    await expect(importLegacyFile(app.db, broken, app.userId)).rejects.toThrow(
      /could not be imported/,
    );
    expect(await snapshot(app.db)).toEqual(before);
    await app.db.close();
  });
});

/** Row counts of every table the import writes. */
async function snapshot(db: Database): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of [
    'crawl_jobs',
    'crawl_pages',
    'crawl_inlinks',
    'crawl_report_counts',
    'usage_months',
    'desktop_settings',
  ]) {
    const row = await db.first<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`);
    out[table] = row?.n ?? 0;
  }
  return out;
}
