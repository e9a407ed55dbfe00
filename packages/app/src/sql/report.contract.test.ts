import {
  makePage,
  type PageRecord,
  type ReportFilter,
  reportChunks,
  reportText,
} from '@mapsmith/core';
import { describe, expect, it } from 'vitest';
import { createSqlRepositories } from '../repositories.js';
import { AWKWARD_TITLES, crawlThrough, insertUser, textOf } from '../testing/contract-support.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/test-databases.js';

/**
 * The crawl report (URL table, URL detail, CSV and JSON Lines exports) reads the same on
 * SQLite and Postgres: every answer is computed on each database from the same crawl, held to
 * the rows written by JavaScript, and compared byte for byte across the databases.
 */

const TITLES = [...AWKWARD_TITLES, 'needle in CAPS: NEEDLE', 'zebra', 'Apple'];

/** Paths whose byte order differs from a language's order (case, dashes). */
const PATHS = ['/', '/B', '/a', '/a-b', '/ab', '/Z/x', '/é', '/_x', '/%20', '/b', '/A', '/zz'];

function pages(): PageRecord[] {
  return PATHS.map((path, i) =>
    makePage(`https://r.example${path}`, {
      depth: i === 0 ? 0 : 1 + (i % 3),
      title: TITLES[i] ?? null,
      rendered: i % 2 === 0,
      renderReason: i % 2 === 0 ? 'app shell: #root, and 0 links' : null,
      contentType: i === 7 ? null : 'text/html',
      responseTimeMs: 10 + ((i * 7) % 5),
      ...(i % 4 === 3
        ? { status: 404, verdict: { included: false, code: 'status', reason: 'excluded: 404' } }
        : {}),
    }),
  );
}

const FILTERS: ReportFilter[] = [
  {},
  { sort: 'url' },
  { sort: 'url', dir: 'desc' },
  { sort: 'title', dir: 'desc' },
  { sort: 'responseTime' },
  { verdict: 'excluded', sort: 'depth', dir: 'desc' },
  { q: 'needle' },
  { q: '"' },
  { sitemap: 'missing' },
];

/** Everything the report answers for one crawl, as text. */
async function answers(kind: (typeof testDatabaseKinds)[number]): Promise<Record<string, string>> {
  const t = await openTestDatabase(kind);
  try {
    const repos = createSqlRepositories(t.db);
    const user = await insertUser(t.db, true);
    const job = await crawlThrough(repos, user, 'https://r.example/', pages());
    const store = repos.jobs.store(job.id);
    await store.addInlinks(
      ['https://r.example/Z/x', 'https://r.example/A', 'https://r.example/a'].map((from) => ({
        key: 'https://r.example/B',
        from,
      })),
    );
    // Some rows carry a change kind (issue 13): the lines hold it exactly when the rows do.
    await t.db.run(
      "UPDATE crawl_pages SET change = CASE WHEN seq % 3 = 0 THEN 'changed' WHEN seq % 3 = 1 THEN 'added' END WHERE job_id = ?",
      [job.id],
    );
    // A live sitemap comparison's findings (issue 14) for two URLs: the table shows them.
    const findings: Array<[string, string]> = [
      ['https://r.example/B', 'orphan missing'],
      ['https://r.example/a-b', 'not-indexable'],
    ];
    for (const [url, flags] of findings)
      await t.db.run(
        `INSERT INTO crawl_sitemap_urls (job_id, url, in_sitemap, flags, not_indexable, orphan,
           missing, duplicate, lastmod_newer, finding) VALUES (?, ?, 1, ?, 0, 0, 0, 0, 0, '{}')`,
        [job.id, url, flags],
      );
    const report = repos.jobs.report();
    const out: Record<string, string> = {};
    for (const [i, filter] of FILTERS.entries()) {
      const rows: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await report.urls(job.id, {
          ...filter,
          limit: 5,
          ...(cursor ? { cursor } : {}),
        });
        rows.push(JSON.stringify(page));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      out[`urls ${i}`] = rows.join('\n');
      for (const format of ['csv', 'jsonl'] as const) {
        const fromSql = await textOf(reportText(report, job.id, filter, format));
        const fromRows = await textOf(reportChunks(report.rows(job.id, filter), format));
        expect(fromSql, `${kind} ${format} ${JSON.stringify(filter)}`).toBe(fromRows);
        out[`${format} ${i}`] = fromSql;
      }
    }
    out.detail = JSON.stringify(await report.url(job.id, 'https://r.example/B'));
    out.counts = JSON.stringify(await report.counts(job.id));
    out.first = JSON.stringify(await report.firstListed(job.id, 3));
    const records = [];
    for await (const page of store.pages()) records.push(page.linkedFrom);
    out.linkedFrom = JSON.stringify(records);
    if (kind === 'postgres') {
      // Byte order whatever locale a production cluster has (the test cluster has none).
      const collations = await t.db.all<{ collation_name: string | null }>(
        `SELECT collation_name FROM information_schema.columns
          WHERE (table_name = 'crawl_pages' AND column_name IN ('url', 'title'))
             OR (table_name = 'crawl_inlinks' AND column_name = 'from_url')`,
      );
      expect(collations.map((c) => c.collation_name)).toEqual(['C', 'C', 'C']);
    }
    return out;
  } finally {
    await t.close();
  }
}

describe('the crawl report on every database', () => {
  it('gives the same URL table, detail and export bytes on each', async () => {
    const byKind = new Map<string, Record<string, string>>();
    for (const kind of testDatabaseKinds) byKind.set(kind, await answers(kind));
    expect([...byKind.keys()]).toEqual(testDatabaseKinds);
    const sqlite = byKind.get('sqlite');
    expect(sqlite?.['csv 1']).toContain('https://r.example/A,');
    // Byte order: upper case before lower case, as SQLite compares.
    const urls = (sqlite?.['jsonl 1'] ?? '').split('\n').filter(Boolean);
    const order = urls.map((line) => (JSON.parse(line) as { url: string }).url);
    expect(order).toEqual([...order].sort());
    for (const [kind, got] of byKind) {
      if (kind === 'sqlite') continue;
      for (const key of Object.keys(sqlite ?? {}))
        expect(got[key], `${kind}: ${key}`).toBe(sqlite?.[key]);
    }
  });
});
