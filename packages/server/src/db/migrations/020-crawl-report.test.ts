import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CrawlReport, makePage, reportColumns } from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database } from '../database.js';
import { migrate, migrations } from './index.js';

let dir: string;
let db: Database;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-m020-'));
  db = await Database.open(path.join(dir, 'db.sqlite'));
});

afterEach(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('migration 20 (crawl report)', () => {
  it('fills the report columns and counts of pages stored before it, as the store would', async () => {
    await db.exec(
      'CREATE TABLE schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT)',
    );
    for (const m of migrations.filter((x) => x.id < 20)) {
      await db.exec(m.up);
      await db.run('INSERT INTO schema_migrations (id, name) VALUES (?, ?)', [m.id, m.name]);
    }
    await db.run(
      "INSERT INTO users (id, username, email, password_hash) VALUES (1, 'u', 'u@x.test', 'h')",
    );
    await db.run(
      `INSERT INTO crawl_jobs (id, user_id, url, status, page_cap, created_at, created_ms)
       VALUES ('j', 1, 'https://a.example/', 'completed', 100, '2026-01-01', 0)`,
    );
    const pages = [
      makePage('https://a.example/', { title: 'Home' }),
      makePage('https://a.example/old', {
        redirectChain: [{ url: 'https://a.example/old', status: 301 }],
        finalUrl: 'https://a.example/',
        verdict: { included: false, code: 'redirect', reason: 'excluded: 301 -> /' },
      }),
      makePage('https://a.example/gone', {
        status: 404,
        verdict: { included: false, code: 'status', reason: 'excluded: 404' },
      }),
      makePage('https://a.example/hidden', {
        robots: { meta: ['noindex'], header: [], noindex: true, nofollow: false },
        verdict: { included: false, code: 'noindex', reason: 'excluded: noindex' },
      }),
      makePage('https://a.example/file.pdf.zip', {
        contentType: 'application/zip',
        verdict: { included: false, code: 'content-type', reason: 'excluded: content type x' },
      }),
      makePage('https://a.example/list?page=2', {
        verdict: { included: false, code: 'query', reason: 'excluded: query string' },
      }),
      makePage('https://a.example/reset', {
        status: 0,
        contentType: null,
        error: 'connection closed by the server',
        verdict: { included: false, code: 'error', reason: 'excluded: connection closed' },
      }),
    ];
    for (const [i, page] of pages.entries()) {
      await db.run(
        'INSERT INTO crawl_pages (job_id, key, url, title, included, record) VALUES (?, ?, ?, ?, ?, ?)',
        ['j', `k${i}`, page.url, page.title, page.verdict.included ? 1 : 0, JSON.stringify(page)],
      );
    }
    await db.run(
      "INSERT INTO crawl_inlinks (job_id, key, from_url) VALUES ('j', 'k2', 'https://a.example/')",
    );
    expect(await migrate(db)).toContain(20);
    const rows = await db.all<Record<string, unknown>>(
      'SELECT status, reason, verdict, depth, response_ms, content_type, rendered, render_reason, is_page, inlinks FROM crawl_pages ORDER BY seq',
    );
    expect(rows).toEqual(pages.map((p, i) => ({ ...reportColumns(p), inlinks: i === 2 ? 1 : 0 })));
    const report = new CrawlReport(db, { pages: 'crawl_pages', counts: 'crawl_report_counts' });
    expect((await report.counts('j')).total).toBe(pages.length);
  });
});
