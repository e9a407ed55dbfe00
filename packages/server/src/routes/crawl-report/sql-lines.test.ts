import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CrawlReport, makePage, reportChunks, reportText } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../db/database.js';
import { migrate } from '../../db/migrations/index.js';
import { seedCompletedJob } from '../../repos/test-support.js';

let dir: string;
let db: Database;
let jobId: string;

const TITLES = [
  'Plain',
  'Comma, in the middle',
  'A "quoted" word',
  'Two\nlines',
  'Carriage\rreturn',
  'Unicode: é, 漢字, 😀',
  'Control \u0001 char and tab\t',
  null,
  '',
  '"',
];

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
});

afterAll(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let out = '';
  for await (const chunk of chunks) out += chunk;
  return out;
}

describe('report lines written by SQLite', () => {
  it('are byte for byte the CSV and JSON Lines written from the rows', async () => {
    const report = new CrawlReport(db, { pages: 'crawl_pages', counts: 'crawl_report_counts' });
    for (const format of ['csv', 'jsonl'] as const) {
      for (const filter of [{}, { sort: 'title' as const, dir: 'desc' as const }]) {
        const fromSql = await text(reportText(report, jobId, filter, format));
        const fromRows = await text(reportChunks(report.rows(jobId, filter), format));
        expect(fromSql, format).toBe(fromRows);
      }
    }
  });
});
