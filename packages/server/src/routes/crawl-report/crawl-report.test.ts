import { makePage, schemas } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../../../../tests/fixtures/csv.js';
import { type FixtureSite, startFixtureSite } from '../../../../../tests/fixtures/site/index.js';
import {
  call,
  createTestUser,
  seedCompletedJob,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../repos/test-support.js';

let t: TestServer;
let site: FixtureSite;
let owner: TestUser;
let jobId: string;

interface Row {
  id: number;
  url: string;
  status: number | null;
  reason: string;
  verdict: string;
  title: string | null;
  depth: number;
  inlinks: number;
}

interface Page {
  rows: Row[];
  nextCursor: string | null;
  matching: number | null;
  total: number;
  counts: Array<{ reason: string; label: string; count: number }>;
}

const get = (u: TestUser | null, path: string) => call(t.server.url, u, 'GET', path);

async function crawl(u: TestUser, url: string): Promise<string> {
  const { jobId: id } = await (await call(t.server.url, u, 'POST', '/api/crawl', { url })).json();
  const end = Date.now() + 30_000;
  for (;;) {
    const job = await (await get(u, `/api/crawl/${id}`)).json();
    if (job.status === 'completed' || job.status === 'failed') return id;
    if (Date.now() > end) throw new Error(`crawl ${id} did not end`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Follows `nextCursor` from the first page to the last, `limit` rows at a time. */
async function allPages(query: string, limit: number): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 1000; i++) {
    const c: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res = await get(owner, `/api/crawl/${jobId}/urls?limit=${limit}${query}${c}`);
    expect(res.status).toBe(200);
    const page: Page = await res.json();
    rows.push(...page.rows);
    cursor = page.nextCursor;
    if (!cursor) return rows;
  }
  throw new Error('paging did not end');
}

beforeAll(async () => {
  [t, site] = await Promise.all([
    startTestServer(),
    startFixtureSite({
      pages: 40,
      features: ['redirects', 'noindex', 'canonical', 'errors', 'robots-pages', 'media'],
    }),
  ]);
  owner = await createTestUser(t.server.context.db);
  jobId = await crawl(owner, site.url);
}, 60_000);

afterAll(async () => {
  await Promise.all([t.close(), site.close()]);
});

describe('GET /api/crawl/:jobId/urls', () => {
  it('pages through every URL exactly once, also with two readers at once', async () => {
    const first: Page = await (await get(owner, `/api/crawl/${jobId}/urls`)).json();
    expect(first.total).toBeGreaterThan(40);
    const stored = await t.server.context.db.first<{ n: number }>(
      'SELECT COUNT(*) AS n FROM crawl_pages WHERE job_id = ?',
      [jobId],
    );
    expect(first.total).toBe(stored?.n);
    expect(first.counts.reduce((s, c) => s + c.count, 0)).toBe(first.total);
    const [a, b] = await Promise.all([allPages('', 7), allPages('&sort=url&dir=desc', 6)]);
    for (const rows of [a, b]) {
      expect(rows).toHaveLength(first.total);
      expect(new Set(rows.map((r) => r.id)).size).toBe(first.total);
    }
    // Crawl order: by depth (the start page first), then the order the URLs were met.
    expect(a.map((r) => r.id)).toEqual(
      [...a].sort((x, y) => x.depth - y.depth || x.id - y.id).map((r) => r.id),
    );
    expect(a[0]?.depth).toBe(0);
    const urls = b.map((r) => r.url);
    expect(urls).toEqual([...urls].sort().reverse());
  });

  it('says each verdict in plain words and counts them above the table', async () => {
    const rows = await allPages('', 500);
    const by = (reason: string) => rows.filter((r) => r.reason === reason);
    expect(
      by('listed')
        .map((r) => r.url)
        .sort(),
    ).toEqual(site.expectedStaticSitemapUrls);
    expect(by('listed').every((r) => r.verdict === 'listed')).toBe(true);
    expect(by('redirect').length).toBeGreaterThan(0);
    for (const r of by('redirect')) {
      expect(r.verdict).toMatch(/^30[1278] → \S+/);
      // The status column is the URL's own answer (the redirect), not its target's.
      expect(r.verdict.startsWith(String(r.status))).toBe(true);
    }
    expect(by('noindex').every((r) => r.verdict === 'noindex')).toBe(true);
    for (const r of by('canonical')) expect(r.verdict).toMatch(/^canonical → \S+/);
    for (const r of by('status')) expect(r.verdict).toBe(String(r.status));
    expect(by('robots').every((r) => r.verdict === 'blocked by robots.txt')).toBe(true);
    const page: Page = await (await get(owner, `/api/crawl/${jobId}/urls?limit=1`)).json();
    const listed = page.counts.find((c) => c.reason === 'listed');
    expect(listed?.count).toBe(by('listed').length);
    expect(page.counts[0]?.reason).toBe('listed');
    const job = await (await get(owner, `/api/crawl/${jobId}`)).json();
    expect(job.resultsTotal).toBe(by('listed').length);
    const linked = rows.find((r) => r.url === `${site.url.replace(/\/$/, '')}/p/1`);
    expect(linked?.inlinks).toBeGreaterThan(0);
  });

  it('filters by verdict, reason and search, and says how many match', async () => {
    const noindex: Page = await (
      await get(owner, `/api/crawl/${jobId}/urls?reason=noindex&limit=500`)
    ).json();
    expect(noindex.rows.length).toBeGreaterThan(0);
    expect(noindex.rows.every((r) => r.reason === 'noindex')).toBe(true);
    expect(noindex.matching).toBe(noindex.rows.length);
    const excluded = await allPages('&verdict=excluded', 5);
    expect(excluded.every((r) => r.reason !== 'listed')).toBe(true);
    const total = noindex.total;
    const listedCount = noindex.counts.find((c) => c.reason === 'listed')?.count ?? 0;
    expect(excluded).toHaveLength(total - listedCount);
    const found = await allPages('&q=NOINDEX', 3);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r) => /noindex/i.test(`${r.url} ${r.title ?? ''}`))).toBe(true);
    const none: Page = await (await get(owner, `/api/crawl/${jobId}/urls?q=%25_%25`)).json();
    expect(none.rows).toEqual([]);
    expect(none.matching).toBeNull();
  });

  it('answers 400 with a code for a bad filter or cursor', async () => {
    const cases: Array<[string, string]> = [
      ['reason=bogus', 'report.filter-invalid'],
      ['verdict=maybe', 'report.filter-invalid'],
      ['limit=0', 'report.filter-invalid'],
      ['limit=501', 'report.filter-invalid'],
      ['limit=ten', 'report.filter-invalid'],
      ['sort=size', 'report.filter-invalid'],
      ['dir=up', 'report.filter-invalid'],
      ['issue=DROP%20TABLE', 'report.filter-invalid'],
      ['issue=no-such-rule', 'report.filter-invalid'],
      ['cursor=not-a-cursor', 'report.cursor-invalid'],
      [`cursor=${'x'.repeat(2000)}`, 'report.filter-invalid'],
    ];
    for (const [query, code] of cases) {
      const res = await get(owner, `/api/crawl/${jobId}/urls?${query}`);
      expect(res.status, query).toBe(400);
      const body = await res.json();
      expect(body.code, query).toBe(code);
      expect(body.message, query).toMatch(/\w+ \w+/);
    }
    // A cursor of one sort is refused by another.
    const page: Page = await (await get(owner, `/api/crawl/${jobId}/urls?limit=2`)).json();
    const cursor = encodeURIComponent(page.nextCursor ?? '');
    const res = await get(owner, `/api/crawl/${jobId}/urls?limit=2&sort=url&cursor=${cursor}`);
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('report.cursor-invalid');
  });

  it('answers 404 for another user and 401 signed out', async () => {
    const other = await createTestUser(t.server.context.db);
    for (const path of ['urls', 'url?url=x', 'report?format=csv']) {
      expect((await get(other, `/api/crawl/${jobId}/${path}`)).status, path).toBe(404);
      expect((await get(null, `/api/crawl/${jobId}/${path}`)).status, path).toBe(401);
    }
  });
});

describe('GET /api/crawl/:jobId/charts', () => {
  it('counts the site’s URLs as the table filtered by each bar lists them', async () => {
    const res = await get(owner, `/api/crawl/${jobId}/charts`);
    expect(res.status).toBe(200);
    const charts = await res.json();
    const table = (await allPages('&scope=internal', 500)).length;
    expect(charts.total).toBe(table);
    const bars: Array<[string, number]> = [
      ...charts.statuses.map((s: { status: number | null; count: number }) => [
        `httpStatus=${s.status ?? 'none'}`,
        s.count,
      ]),
      ...charts.depths.map((d: { depth: number; orMore: boolean; count: number }) => [
        `depth=${d.depth}${d.orMore ? '%2B' : ''}`,
        d.count,
      ]),
      ...charts.times.map((b: { bucket: string; count: number }) => [`time=${b.bucket}`, b.count]),
      [`under=${encodeURIComponent(charts.folders[0].prefix)}`, charts.folders[0].urls],
      [
        `under=${encodeURIComponent(charts.folders[0].children[0].prefix)}`,
        charts.folders[0].children[0].urls,
      ],
    ];
    expect(charts.statuses.map((s: { status: number | null }) => s.status)).toEqual(
      expect.arrayContaining([200, 404]),
    );
    for (const [query, count] of bars)
      expect((await allPages(`&scope=internal&${query}`, 500)).length, query).toBe(count);
  });

  it('answers 404 for another user and 400 with a code for a bad chart filter', async () => {
    const other = await createTestUser(t.server.context.db);
    expect((await get(other, `/api/crawl/${jobId}/charts`)).status).toBe(404);
    expect((await get(null, `/api/crawl/${jobId}/charts`)).status).toBe(401);
    for (const bad of ['depth=deep', 'httpStatus=99', 'time=slow', 'under=%2Fblog%2F']) {
      const res = await get(owner, `/api/crawl/${jobId}/urls?${bad}`);
      expect(res.status, bad).toBe(400);
      expect((await res.json()).code).toBe('report.filter-invalid');
    }
  });
});

describe('the SEO issue filter', () => {
  it('finds every URL of an issue, beyond the 50 examples the analysis keeps', async () => {
    const u = await createTestUser(t.server.context.db);
    const pages = Array.from({ length: 150 }, (_, i) =>
      makePage(`https://seo.example/p/${i}`, { title: i % 5 === 0 ? `P ${i}` : null }),
    );
    const id = await seedCompletedJob(t.server.context.db, u.id, pages);
    const seo = await (await get(u, `/api/seo-analysis/${id}`)).json();
    const issue = seo.issues.find((i: { rule: string }) => i.rule === 'missing-title');
    expect(issue.urls).toHaveLength(50);
    expect(issue.count).toBe(120);
    const found: Row[] = [];
    let cursor = '';
    do {
      const page: Page = await (
        await get(u, `/api/crawl/${id}/urls?issue=missing-title&limit=50${cursor}`)
      ).json();
      found.push(...page.rows);
      cursor = page.nextCursor ? `&cursor=${encodeURIComponent(page.nextCursor)}` : '';
    } while (cursor);
    expect(found).toHaveLength(120);
    expect(found.every((r) => r.title === null)).toBe(true);
  });
});

describe('GET /api/crawl/:jobId/url', () => {
  it('gives one URL in detail with why it is or is not listed', async () => {
    const rows = await allPages('&reason=redirect', 100);
    const redirect = rows[0] as Row;
    const res = await get(owner, `/api/crawl/${jobId}/url?url=${encodeURIComponent(redirect.url)}`);
    expect(res.status).toBe(200);
    const detail = await res.json();
    expect(detail.redirectChain.length).toBeGreaterThan(0);
    expect(detail.why).toMatch(/^Not listed: it redirects \(30\d\)/);
    const home = await (
      await get(owner, `/api/crawl/${jobId}/url?url=${encodeURIComponent(site.url)}`)
    ).json();
    expect(home.why).toMatch(/^Listed/);
    expect(home.depth).toBe(0);
    const page1 = await (
      await get(
        owner,
        `/api/crawl/${jobId}/url?url=${encodeURIComponent(`${site.url.replace(/\/$/, '')}/p/1`)}`,
      )
    ).json();
    expect(page1.linkedFrom.length).toBeGreaterThan(0);
    const unknown = await get(owner, `/api/crawl/${jobId}/url?url=https%3A%2F%2Fnope.example%2F`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe('report.url-unknown');
  });
});

describe('GET /api/crawl/:jobId/report', () => {
  it('streams a CSV a spreadsheet opens, row for row the verdicts of the table', async () => {
    const res = await get(owner, `/api/crawl/${jobId}/report?format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="crawl-report-/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = parseCsv(new TextDecoder().decode(bytes.slice(3)));
    expect(records[0]?.[0]).toBe('URL');
    const header = records[0] as string[];
    const body = records.slice(1);
    const rows = await allPages('', 500);
    expect(body).toHaveLength(rows.length);
    const col = (name: string) => header.indexOf(name);
    const byUrl = new Map(rows.map((r) => [r.url, r]));
    for (const record of body) {
      const row = byUrl.get(record[col('URL')] as string);
      expect(row, record[0]).toBeDefined();
      expect(record[col('Verdict')]).toBe(row?.verdict);
      expect(record[col('Verdict code')]).toBe(row?.reason);
      // No answer: an empty cell, as the table's null.
      expect(record[col('Status')]).toBe(row?.status === null ? '' : String(row?.status));
    }
  });

  it('exports the current filter as JSON Lines', async () => {
    const res = await get(owner, `/api/crawl/${jobId}/report?format=jsonl&reason=redirect`);
    expect(res.status).toBe(200);
    const lines = (await res.text()).trimEnd().split('\n');
    const rows = lines.map((l) => JSON.parse(l) as Row);
    expect(rows.length).toBe((await allPages('&reason=redirect', 100)).length);
    expect(rows.every((r) => r.reason === 'redirect')).toBe(true);
    const bad = await get(owner, `/api/crawl/${jobId}/report?format=xlsx`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('report.filter-invalid');
  });
});

describe('GET /api/crawl/:jobId: bounded, with the honest outcome', () => {
  it('carries the first 100 listed pages of a big job, their total and the outcome', async () => {
    const u = await createTestUser(t.server.context.db);
    const pages = Array.from({ length: 300 }, (_, i) =>
      makePage(`https://big.example/p/${i}`, { title: `P ${i}` }),
    );
    const id = await seedCompletedJob(t.server.context.db, u.id, pages);
    const res = await get(u, `/api/crawl/${id}`);
    const job = schemas.crawlJob.parse(await res.json());
    expect(job.results).toHaveLength(100);
    expect(job.results[0]?.url).toBe('https://big.example/p/0');
    expect(job.resultsTotal).toBe(300);
    expect(job.outcome?.listed).toBe(300);
    expect(job.outcome?.urls).toBe(300);
    expect(job.outcome?.endReason).toBe('finished');
    const videos = job.outcome?.downloads.find((d) => d.format === 'videos');
    expect(videos).toMatchObject({ available: false, reason: 'no videos found' });
    expect(job.outcome?.downloads.find((d) => d.format === 'xml')?.available).toBe(true);
  });

  it('says in one sentence why a crawl listed nothing and disables every download', async () => {
    const u = await createTestUser(t.server.context.db);
    const blocked = (url: string) =>
      makePage(url, {
        status: 0,
        contentType: null,
        depth: url.endsWith('/') ? 0 : 1,
        verdict: { included: false, code: 'robots', reason: 'blocked by robots.txt' },
      });
    const id = await seedCompletedJob(t.server.context.db, u.id, [
      blocked('https://walled.example/'),
      blocked('https://walled.example/a'),
    ]);
    const job = schemas.crawlJob.parse(await (await get(u, `/api/crawl/${id}`)).json());
    expect(job.outcome?.nothingListed).toBe(
      'robots.txt blocks every page for our crawler (the start page is disallowed).',
    );
    expect(job.outcome?.pagesText).toBe('0 pages, 0 listed');
    expect(job.outcome?.downloads.every((d) => !d.available && d.reason)).toBe(true);
  });
});
