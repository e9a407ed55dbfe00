import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importLegacyFile, migrate as migrateApp } from '@mapsmith/app';
import { LINKED_FROM_KEPT, urlKey } from '@mapsmith/core';
import { Database } from '@mapsmith/sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VARIED_FEATURES } from '../fixtures/site/crawl-helper.js';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/index.js';
import {
  crawlRecorded,
  type LocalApp,
  openAppFile,
  type RecordedCrawl,
  recordsUpTo,
  rowCounts,
  storeNatively,
} from './support/legacy-crawl';
import { openLegacyFile, writeFirstVersionCrawl, writeLegacyCrawl } from './support/legacy-schema';

const INTERRUPTED = 'Interrupted: the app closed during the crawl';
const SETTINGS = { 'account.token': 'v1:encrypted-token-bytes', 'export.folder': 'Documents/maps' };
// Three crawls: two of the site a month apart (the second compared with the first), and one the
// app closed during.
const A = { id: 'legacy-a', at: Date.parse('2026-10-05T09:00:00.000Z'), tookMs: 12_340 };
const B = { id: 'legacy-b', at: Date.parse('2026-11-03T10:00:00.000Z'), tookMs: 9_870 };
const C = { id: 'legacy-c', at: Date.parse('2026-11-10T08:30:00.000Z') };
const C_SETTINGS = { listQueryUrls: true };
const NOW = Date.parse('2026-11-22T12:00:00.000Z');

let dir: string;
let site: FixtureSite;
let crawl: RecordedCrawl;
let native: LocalApp;
let imported: LocalApp;
/** Native job id → the legacy id of the same crawl. */
let nativeIds: Record<string, string>;
let result: Awaited<ReturnType<typeof importLegacyFile>>;

/** The crawl C stopped in: its first records up to three pages (what its progress counted). */
const interruptedPages = () => recordsUpTo(crawl.events, 3);

/** The same three crawls stored natively. */
async function storeAll(): Promise<Record<string, string>> {
  const { calls, summary } = crawl;
  // C without the inlinks seen before it stopped: the old file never had them (see the URL table).
  const cCalls = interruptedPages().map((page) => ({ key: urlKey(page.url) ?? page.url, page }));
  const [a, b, c] = await storeNatively(native, site.url, [
    { at: A.at, calls, end: { completedAfterMs: A.tookMs, summary } },
    { at: B.at, calls, end: { completedAfterMs: B.tookMs, summary } },
    { at: C.at, calls: cCalls, end: { failed: INTERRUPTED } },
  ]);
  return { [a ?? '']: A.id, [b ?? '']: B.id, [c ?? '']: C.id };
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
  const { events, links, summary } = crawl;
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
  crawl = await crawlRecorded(site.url);
  native = await openAppFile(dir, 'native.sqlite', NOW);
  nativeIds = await storeAll();
  const legacyFile = path.join(dir, 'mapsmith.sqlite');
  await writeLegacy(legacyFile);
  imported = await openAppFile(dir, 'app.sqlite', NOW);
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
    const pages = crawl.events.length * 2 + interruptedPages().length;
    expect(crawl.events.length).toBeGreaterThan(40);
    expect(result).toEqual({ jobs: 3, pages, settings: 2 });
  });

  it('carries each job row’s columns: the kept outcome, the settings, the plan’s quota', async () => {
    // Read before any answer computes an outcome: only A's, kept by the old app, is there.
    const rows = await imported.db.all(
      `SELECT id, user_id, page_cap, month_quota, outcome IS NOT NULL AS outcome, settings,
              changes IS NOT NULL AS changes FROM crawl_jobs ORDER BY created_ms`,
    );
    const base = { user_id: imported.userId, page_cap: 100, month_quota: 500, settings: null };
    const settings = JSON.stringify(C_SETTINGS);
    expect(rows).toEqual([
      { ...base, id: A.id, outcome: 1, changes: 0 },
      { ...base, id: B.id, outcome: 0, changes: 1 },
      // A crawl the old app did not cap at the free plan's 100 pages ran on Pro: no monthly quota.
      { ...base, id: C.id, page_cap: 100_000, month_quota: null, outcome: 0, changes: 0, settings },
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
        const met = crawl.links.find((l) => l.url === row.url)?.linkedFrom ?? [];
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
    expect(month?.pages).toBe((crawl.summary.pages ?? crawl.summary.pagesCrawled) + 3);
  });

  it('carries the settings, the linked account’s token among them', async () => {
    const rows = await imported.db.all<{ key: string; value: string }>(
      'SELECT key, value FROM desktop_settings ORDER BY key',
    );
    expect(Object.fromEntries(rows.map((r) => [r.key, r.value]))).toEqual(SETTINGS);
  });
});

describe('a data file of a version before the crawl report', () => {
  it('imports its pages with the report columns worked out from the records', async () => {
    const file = path.join(dir, 'first-version.sqlite');
    await writeFirstVersionCrawl(file, {
      id: A.id,
      url: site.url,
      pageCap: 100,
      createdAt: new Date(A.at).toISOString(),
      pages: crawl.events,
      links: crawl.links,
      pagesCrawled: crawl.summary.pages ?? crawl.summary.pagesCrawled,
      end: {
        status: 'completed',
        finishedAt: new Date(A.at + A.tookMs).toISOString(),
        error: null,
        summary: crawl.summary,
      },
    });
    const app = await openAppFile(dir, 'first-version-target.sqlite', NOW);
    expect(await importLegacyFile(app.db, file, app.userId)).toEqual({
      jobs: 1,
      pages: crawl.events.length,
      settings: 0,
    });
    const [nativeA] = Object.keys(nativeIds);
    const table = await app.answers.urls({ jobId: A.id, limit: 500 }, app.userId);
    const expected = await native.answers.urls({ jobId: nativeA ?? '', limit: 500 }, native.userId);
    expect(table).toEqual(asLegacy(expected));
    await app.db.close();
  });
});

describe('a file that is not an earlier data file', () => {
  it('imports nothing from a file without the old tables', async () => {
    const app = await openAppFile(dir, 'other-target.sqlite', NOW);
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
    const before = await rowCounts(imported.db);
    await expect(importLegacyFile(imported.db, garbage, imported.userId)).rejects.toThrow(
      /earlier version could not be imported .*file is not a database/,
    );
    await expect(
      importLegacyFile(imported.db, path.join(dir, 'missing.sqlite'), imported.userId),
    ).rejects.toThrow(/could not be imported/);
    expect(fs.existsSync(path.join(dir, 'missing.sqlite'))).toBe(false);
    expect(await rowCounts(imported.db)).toEqual(before);
  });

  it('writes nothing when a record deep in the file is broken', async () => {
    const app = await openAppFile(dir, 'broken-target.sqlite', NOW);
    const broken = path.join(dir, 'broken.sqlite');
    fs.copyFileSync(path.join(dir, 'mapsmith.sqlite'), broken);
    const old = await Database.open(broken);
    await old.run("UPDATE pages SET record = '{' WHERE job_id = ? AND seq = 5", [B.id]);
    await old.close();
    const before = await rowCounts(app.db);
    await expect(importLegacyFile(app.db, broken, app.userId)).rejects.toThrow(
      /could not be imported/,
    );
    expect(await rowCounts(app.db)).toEqual(before);
    await app.db.close();
  });
});
