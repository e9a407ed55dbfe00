import {
  makePage,
  type PageRecord,
  type ReportFilter,
  type ReportRow,
  reportText,
} from '@mapsmith/core';
import { describe, expect, it } from 'vitest';
import { createSqlRepositories } from '../repositories.js';
import { crawlThrough, insertUser, textOf } from '../testing/contract-support.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/test-databases.js';

/**
 * The orders of the crawl report and of the exports (issue 25 points 4 and 10), exact on SQLite
 * and Postgres: the URL table opens on the site's own URLs in crawl order (depth, then the order
 * the URLs were met), the URLs outside the site are their own view with their own count, a URL
 * without an answer has no status and no time (empty in CSV, null in JSON Lines) and sorts last
 * in both directions, and the listed pages come in the sitemap order (start page, depth, URL).
 */

const SITE = 'https://s.example';

const outside = (url: string, depth: number) =>
  makePage(url, {
    depth,
    status: 0,
    responseTimeMs: 0,
    contentType: null,
    verdict: { included: false, code: 'out-of-scope', reason: 'excluded: out of scope' },
  });

/** Saved in this order, as a crawl with several requests in flight saves them. */
const SAVED: PageRecord[] = [
  outside('https://ext.example/a', 1),
  makePage(`${SITE}/b`, { depth: 1, responseTimeMs: 30 }),
  makePage(`${SITE}/robots`, {
    depth: 1,
    status: 0,
    responseTimeMs: 0,
    contentType: null,
    verdict: { included: false, code: 'robots', reason: 'excluded: robots.txt' },
  }),
  makePage(`${SITE}/`, { depth: 0, foundVia: 'start', responseTimeMs: 50 }),
  // A real answer in under half a millisecond: a time of 0, not an empty one.
  makePage(`${SITE}/a`, { depth: 2, responseTimeMs: 0 }),
  outside('https://ext.example/z', 2),
  makePage(`${SITE}/c`, {
    depth: 1,
    status: 404,
    responseTimeMs: 20,
    verdict: { included: false, code: 'status', reason: 'excluded: 404' },
  }),
  makePage(`${SITE}/aa`, { depth: 1, responseTimeMs: 10 }),
];

const path = (url: string) => url.replace(SITE, '');

/** What the report and the stores answer, each as the URLs (site paths) in their order. */
async function orders(kind: (typeof testDatabaseKinds)[number]) {
  const t = await openTestDatabase(kind);
  try {
    const repos = createSqlRepositories(t.db);
    const user = await insertUser(t.db, true);
    const job = await crawlThrough(repos, user, `${SITE}/`, SAVED);
    const report = repos.jobs.report();
    const table = async (filter: ReportFilter) => {
      const rows: ReportRow[] = [];
      let cursor: string | undefined;
      let matching: number | null = null;
      do {
        // Pages of 3 rows: the keyset crosses from answered rows to empty ones.
        const page = await report.urls(job.id, {
          ...filter,
          limit: 3,
          ...(cursor ? { cursor } : {}),
        });
        rows.push(...page.rows);
        matching = page.matching;
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return { urls: rows.map((r) => path(r.url)), rows, matching };
    };
    const listed: string[] = [];
    for await (const page of repos.jobs.store(job.id).listed()) listed.push(path(page.url));
    return {
      internal: await table({ scope: 'internal' }),
      external: await table({ scope: 'external' }),
      externalNoindex: await table({ scope: 'external', reason: 'noindex' }),
      statusAsc: await table({ sort: 'status' }),
      statusDesc: await table({ sort: 'status', dir: 'desc' }),
      timeAsc: await table({ sort: 'responseTime' }),
      timeDesc: await table({ sort: 'responseTime', dir: 'desc' }),
      csv: await textOf(reportText(report, job.id, { scope: 'internal' }, 'csv')),
      jsonl: await textOf(reportText(report, job.id, { scope: 'internal' }, 'jsonl')),
      listed,
      first: (await report.firstListed(job.id, 3)).results.map((r) => path(r.url)),
    };
  } finally {
    await t.close();
  }
}

describe('the report and export orders on every database', () => {
  it.each(testDatabaseKinds)(
    '%s: internal first in crawl order, empties last, sitemap order',
    async (kind) => {
      const got = await orders(kind);
      expect(got.internal.urls).toEqual(['/', '/b', '/robots', '/c', '/aa', '/a']);
      expect(got.internal.matching).toBe(6);
      expect(got.external.urls).toEqual(['https://ext.example/a', 'https://ext.example/z']);
      expect(got.external.matching).toBe(2);
      expect(got.externalNoindex.urls).toEqual([]);
      expect(got.externalNoindex.matching).toBe(0);

      // The rows without an answer, in save order; a descending sort takes them from the end.
      const empties = ['https://ext.example/a', '/robots', 'https://ext.example/z'];
      const backwards = [...empties].reverse();
      expect(got.statusAsc.urls).toEqual(['/b', '/', '/a', '/aa', '/c', ...empties]);
      expect(got.statusDesc.urls).toEqual(['/c', '/aa', '/a', '/', '/b', ...backwards]);
      expect(got.timeAsc.urls).toEqual(['/a', '/aa', '/c', '/b', '/', ...empties]);
      expect(got.timeDesc.urls).toEqual(['/', '/b', '/c', '/aa', '/a', ...backwards]);

      const robots = got.internal.rows.find((r) => r.url.endsWith('/robots'));
      expect(robots).toMatchObject({ status: null, responseTimeMs: null });
      expect(got.internal.rows.find((r) => r.url.endsWith('/a'))).toMatchObject({
        status: 200,
        responseTimeMs: 0,
      });
      const csv = got.csv.split('\r\n');
      // No status and no time: empty cells; a real 0 ms stays 0.
      expect(csv[3]).toMatch(
        /^https:\/\/s\.example\/robots,,blocked by robots\.txt,robots,,1,\d+,,no,/,
      );
      expect(csv[6]).toMatch(/^https:\/\/s\.example\/a,200,listed,listed,,2,\d+,0,/);
      const lines = got.jsonl
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as ReportRow);
      expect(lines.map((l) => path(l.url))).toEqual(got.internal.urls);
      expect(lines[2]).toMatchObject({ status: null, responseTimeMs: null });
      expect(got.jsonl).toContain('"status":null,');

      expect(got.listed).toEqual(['/', '/aa', '/b', '/a']);
      expect(got.first).toEqual(['/', '/aa', '/b']);
    },
  );
});
