import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AWKWARD_TITLES, textOf } from '@mapsmith/app/testing';
import { CrawlReport, makePage, reportChunks, reportText } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../db/database.js';
import { migrate } from '../../db/migrations/index.js';
import { seedCompletedJob } from '../../repos/test-support.js';

let dir: string;
let db: Database;
let jobId: string;

const TITLES = [...AWKWARD_TITLES, '"'];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-lines-'));
  db = await Database.open(path.join(dir, 'db.sqlite'));
  await migrate(db);
  await db.run(
    "INSERT INTO users (id, username, email, password_hash) VALUES (1, 'u', 'u@x', 'h')",
  );
  const pages = TITLES.map((title, i) =>
    makePage(`https://a.example/p/${i}?q="x",y`, {
      title,
      rendered: i % 2 === 0,
      renderReason: i % 2 === 0 ? 'app shell: #root, and 0 links' : null,
      contentType: i === 7 ? null : 'text/html',
    }),
  );
  jobId = await seedCompletedJob(db, 1, pages);
  // Some rows carry a change kind (issue 13): the lines hold it exactly when the rows do.
  await db.run(
    "UPDATE crawl_pages SET change = CASE seq % 3 WHEN 0 THEN 'changed' WHEN 1 THEN 'added' END WHERE job_id = ?",
    [jobId],
  );
});

afterAll(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('report lines written by SQLite', () => {
  it('are byte for byte the CSV and JSON Lines written from the rows', async () => {
    // Batches of 3 lines: the export crosses batches, each continuing from the last's keyset.
    const report = new CrawlReport(
      db,
      { pages: 'crawl_pages', counts: 'crawl_report_counts' },
      undefined,
      3,
    );
    for (const format of ['csv', 'jsonl'] as const) {
      for (const filter of [
        {},
        { sort: 'title' as const, dir: 'desc' as const },
        { sort: 'url' as const },
        { sort: 'crawl' as const, dir: 'desc' as const },
      ]) {
        const fromSql = await textOf(reportText(report, jobId, filter, format));
        const fromRows = await textOf(reportChunks(report.rows(jobId, filter), format));
        expect(fromSql, format).toBe(fromRows);
        expect(fromSql).toContain(format === 'csv' ? ',changed,' : '"change":"added"');
      }
    }
  });
});

describe('a search reads a bounded window per call', () => {
  it('finds every match exactly once across windows, in every sort', async () => {
    const u = await db.first<{ id: number }>('SELECT id FROM users LIMIT 1');
    const pages = Array.from({ length: 90 }, (_, i) =>
      makePage(`https://w.example/p/${String(i).padStart(2, '0')}`, {
        title: i % 13 === 0 ? `Needle ${i}` : `Hay ${i}`,
        depth: i % 4,
      }),
    );
    const id = await seedCompletedJob(db, u?.id ?? 1, pages);
    const expected = pages.filter((p) => p.title?.startsWith('Needle')).map((p) => p.url);
    const report = new CrawlReport(db, { pages: 'crawl_pages', counts: 'crawl_report_counts' }, 10);
    for (const sort of [
      {},
      { sort: 'url' as const, dir: 'desc' as const },
      { sort: 'depth' as const },
    ]) {
      const found: string[] = [];
      let cursor: string | undefined;
      let calls = 0;
      do {
        const page = await report.urls(id, {
          q: 'needle',
          limit: 2,
          ...sort,
          ...(cursor ? { cursor } : {}),
        });
        expect(page.rows.length).toBeLessThanOrEqual(2);
        found.push(...page.rows.map((r) => r.url));
        cursor = page.nextCursor ?? undefined;
        calls++;
      } while (cursor && calls < 100);
      expect(found.sort(), JSON.stringify(sort)).toEqual([...expected].sort());
      // Windows of 10 over 90 URLs: the search needed calls that found nothing.
      expect(calls).toBeGreaterThanOrEqual(9);
    }
  });
});
