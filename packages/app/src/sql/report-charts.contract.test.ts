import {
  type CrawlCharts,
  type FolderNode,
  makePage,
  type PageRecord,
  type ReportFilter,
} from '@mapsmith/core';
import { describe, expect, it } from 'vitest';
import { createSqlRepositories } from '../repositories.js';
import { crawlThrough, insertUser } from '../testing/contract-support.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/test-databases.js';

/**
 * The charts of the crawl report (issue 29, `crawl.charts`) are computed in SQL on each
 * database, alike, and every bar counts exactly the rows of the URL-table filter it opens.
 */

const SITE = 'https://c.example';

/** 40 URLs: depths 0 to 13, statuses 200/301/404/500/none, times across every bucket, folders. */
function pages(): PageRecord[] {
  const out: PageRecord[] = [makePage(`${SITE}/`, { depth: 0, foundVia: 'start' })];
  const folders = ['blog/', 'blog/2024/', 'blog/2024/06/x/', 'docs/', 'Docs/', 'shop/a/', ''];
  const times = [5, 99, 100, 299, 300, 999, 1000, 2999, 3000, 12_000];
  for (let i = 1; i < 40; i++) {
    const url = `${SITE}/${folders[i % folders.length]}p${i}${i % 5 === 0 ? '?q=/z/' : ''}`;
    const fields: Partial<PageRecord> = { depth: i % 14, responseTimeMs: times[i % times.length] };
    if (i % 6 === 1)
      Object.assign(fields, {
        status: 404,
        verdict: { included: false, code: 'status', reason: 'excluded: 404' },
      });
    if (i % 6 === 2)
      Object.assign(fields, {
        status: 0,
        responseTimeMs: 0,
        error: 'timeout',
        verdict: { included: false, code: 'timeout', reason: 'excluded: timeout' },
      });
    if (i % 6 === 3)
      Object.assign(fields, {
        status: 500,
        verdict: { included: false, code: 'status', reason: 'excluded: 500' },
      });
    out.push(makePage(url, fields));
  }
  // Outside the site: counted by no chart.
  out.push(
    makePage('https://elsewhere.example/blog/x', {
      status: 0,
      verdict: { included: false, code: 'out-of-scope', reason: 'excluded: outside the site' },
    }),
  );
  return out;
}

/** Every bar of `charts` with the URL-table filter it opens. */
function bars(charts: CrawlCharts): Array<{ filter: ReportFilter; count: number }> {
  const out: Array<{ filter: ReportFilter; count: number }> = [];
  for (const v of charts.verdicts) out.push({ filter: { reason: v.reason }, count: v.count });
  for (const s of charts.statuses)
    out.push({
      filter: { httpStatus: s.status === null ? 'none' : String(s.status) },
      count: s.count,
    });
  for (const d of charts.depths)
    out.push({ filter: { depth: `${d.depth}${d.orMore ? '+' : ''}` }, count: d.count });
  for (const t of charts.times) out.push({ filter: { time: t.bucket }, count: t.count });
  const walk = (node: FolderNode) => {
    out.push({ filter: { under: node.prefix }, count: node.urls });
    node.children.forEach(walk);
  };
  charts.folders.forEach(walk);
  return out;
}

async function chartsOn(kind: (typeof testDatabaseKinds)[number]) {
  const t = await openTestDatabase(kind);
  try {
    const repos = createSqlRepositories(t.db);
    const user = await insertUser(t.db, true);
    const job = await crawlThrough(repos, user, `${SITE}/`, pages());
    const report = repos.jobs.report();
    const charts = await report.charts(job.id);
    const sizes: number[] = [];
    for (const bar of bars(charts)) {
      let n = 0;
      let cursor: string | undefined;
      do {
        const page = await report.urls(job.id, {
          ...bar.filter,
          scope: 'internal',
          limit: 7,
          ...(cursor ? { cursor } : {}),
        });
        n += page.rows.length;
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      sizes.push(n);
    }
    const empty = await crawlThrough(repos, user, 'https://empty.example/', []);
    return { charts, bars: bars(charts), sizes, empty: await report.charts(empty.id) };
  } finally {
    await t.close();
  }
}

describe('the crawl report charts on every database', () => {
  it('count the site’s URLs by verdict, status, depth, time and folder, as their filters list them', async () => {
    const byKind = new Map<string, Awaited<ReturnType<typeof chartsOn>>>();
    for (const kind of testDatabaseKinds) byKind.set(kind, await chartsOn(kind));
    const sqlite = byKind.get('sqlite');
    if (!sqlite) throw new Error('no SQLite answer');
    const { charts } = sqlite;
    expect(charts.total).toBe(40);
    expect(charts.statuses).toEqual([
      { status: 200, count: 19 },
      { status: 404, count: 7 },
      { status: 500, count: 7 },
      { status: null, count: 7 },
    ]);
    expect(charts.depths.map((d) => [d.depth, d.orMore, d.count])).toEqual([
      [0, false, 3],
      [1, false, 3],
      [2, false, 3],
      [3, false, 3],
      [4, false, 3],
      [5, false, 3],
      [6, false, 3],
      [7, false, 3],
      [8, false, 3],
      [9, false, 3],
      [10, true, 10],
    ]);
    expect(charts.times.map((t) => t.count)).toEqual([6, 7, 7, 7, 6]);
    expect(charts.times.reduce((s, t) => s + t.count, 0)).toBe(40 - 7);
    const [root] = charts.folders;
    expect(root?.prefix).toBe(`${SITE}/`);
    expect(root?.urls).toBe(40);
    expect(root?.issues).toBe(21);
    // Case matters in a path: Docs/ is not docs/. The query's slashes are no folders.
    expect(root?.children.map((c) => [c.name, c.urls])).toEqual([
      ['blog/', 17],
      ['Docs/', 6],
      ['docs/', 6],
      ['shop/', 5],
    ]);
    const blog = root?.children[0];
    expect(blog?.children.map((c) => [c.name, c.urls])).toEqual([['2024/', 12]]);
    // Three folder levels at most: blog/2024/06/ is kept, its x/ is not.
    expect(blog?.children[0]?.children[0]?.children).toEqual([]);
    expect(charts.otherHosts).toBeNull();
    // Every bar's figure is the size of the table it opens.
    expect(sqlite.sizes).toEqual(sqlite.bars.map((b) => b.count));
    expect(sqlite.empty).toEqual({
      total: 0,
      verdicts: [],
      statuses: [],
      depths: [],
      times: charts.times.map((t) => ({ ...t, count: 0 })),
      folders: [],
      otherHosts: null,
    });
    for (const [kind, got] of byKind) expect(got, kind).toEqual(sqlite);
  });
});
