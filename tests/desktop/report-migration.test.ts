import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makePage, reportColumns } from '@mapsmith/core';
import { Database } from '@mapsmith/sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalStore } from '../../packages/desktop/src/main/store/local-store';
import { MIGRATIONS } from '../../packages/desktop/src/main/store/migrations';

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('desktop migration 2 (crawl report)', () => {
  it('fills the report of crawls stored by an earlier version', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-dm2-'));
    const file = path.join(dir, 'mapsmith.sqlite');
    // A file of the version before the crawl report: its runner counted steps in user_version.
    const old = await Database.open(file);
    await old.exec(`BEGIN; ${MIGRATIONS[0]?.up}; PRAGMA user_version = 1; COMMIT;`);
    await old.run(
      "INSERT INTO jobs (id, url, status, pages_crawled, page_cap, created_at) VALUES ('j', 'https://a.example/', 'completed', 2, 100, '2026-01-01T00:00:00Z')",
    );
    const pages = [
      makePage('https://a.example/', { title: 'Home', inlinks: 2 }),
      makePage('https://a.example/old', {
        redirectChain: [{ url: 'https://a.example/old', status: 308 }],
        finalUrl: 'https://a.example/',
        verdict: { included: false, code: 'redirect', reason: 'excluded: 308 -> /' },
      }),
      makePage('https://a.example/gone', {
        status: 404,
        verdict: { included: false, code: 'status', reason: 'excluded: 404' },
      }),
    ];
    for (const [i, page] of pages.entries())
      await old.run(
        'INSERT INTO pages (job_id, seq, url, title, included, record) VALUES (?, ?, ?, ?, ?, ?)',
        ['j', i, page.url, page.title, page.verdict.included ? 1 : 0, JSON.stringify(page)],
      );
    await old.close();

    const store = await LocalStore.open(file);
    try {
      const page = await store.report.urls('j', { sort: 'crawl' });
      expect(page.total).toBe(3);
      expect(page.rows.map((r) => [r.verdict, r.status, r.inlinks])).toEqual(
        pages.map((p) => [reportColumns(p).verdict, reportColumns(p).status, p.inlinks]),
      );
      expect((await store.getJob('j'))?.resultsTotal).toBe(1);
    } finally {
      await store.close();
    }
  });
});
