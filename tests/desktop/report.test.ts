import fs from 'node:fs';
import path from 'node:path';
import type {
  CrawlCharts,
  CrawlJob,
  ReportRow,
  ReportUrlDetail,
  ReportUrlsPage,
} from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestUser,
  call as httpCall,
  startTestServer,
  type TestServer,
} from '../../packages/server/src/repos/test-support';
import { parseCsv } from '../fixtures/csv';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/index.js';
import { buildDesktop, DESKTOP_OUT } from './support/build';
import { nodeLauncher } from './support/node-launcher';
import { startTestDesktop, TEST_ORIGIN, type TestDesktop } from './support/services';

const ENTRY = path.join(DESKTOP_OUT, 'main/crawler-process.js');

let site: FixtureSite;
let desktop: TestDesktop;
let jobId: string;

async function ipc<T>(name: string, input: unknown): Promise<T> {
  const reply = await desktop.dispatch(TEST_ORIGIN, name, input);
  if (!reply.ok) throw new Error(`${name}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.value as T;
}

async function allRows(filter: Record<string, unknown>, limit: number): Promise<ReportRow[]> {
  const rows: ReportRow[] = [];
  let cursor: string | null = null;
  do {
    const page: ReportUrlsPage = await ipc('crawl.urls', {
      jobId,
      limit,
      ...filter,
      ...(cursor ? { cursor } : {}),
    });
    rows.push(...page.rows);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}

beforeAll(async () => {
  buildDesktop();
  site = await startFixtureSite({
    pages: 30,
    features: ['redirects', 'noindex', 'canonical', 'errors', 'robots-pages', 'discovery'],
  });
  desktop = await startTestDesktop({
    launch: nodeLauncher(ENTRY),
    env: { MAPSMITH_ALLOW_LOOPBACK: '1' },
  });
  ({ jobId } = await ipc<{ jobId: string }>('crawl.start', { url: site.url }));
  await desktop.deps.crawls.settled(jobId);
}, 120_000);

afterAll(async () => {
  await desktop?.dispose();
  await site?.close();
});

describe('the crawl report over IPC', () => {
  it('pages through every URL exactly once and counts the verdicts', async () => {
    const first: ReportUrlsPage = await ipc('crawl.urls', { jobId });
    expect(first.total).toBeGreaterThan(30);
    expect(first.counts.reduce((sum, c) => sum + c.count, 0)).toBe(first.total);
    const [a, b] = await Promise.all([
      allRows({}, 4),
      allRows({ sort: 'inlinks', dir: 'desc' }, 9),
    ]);
    for (const rows of [a, b]) {
      expect(rows).toHaveLength(first.total);
      expect(new Set(rows.map((r) => r.id)).size).toBe(first.total);
    }
    const inlinks = b.map((r) => r.inlinks);
    expect(inlinks).toEqual([...inlinks].sort((x, y) => y - x));
    const listed = a.filter((r) => r.reason === 'listed').map((r) => r.url);
    expect(listed.sort()).toEqual([...site.expectedStaticSitemapUrls].sort());
    // The URL another site's page has is a row "outside the site", linked from its page.
    const outside = a.find((r) => r.url === 'http://example.invalid/x');
    expect(outside).toMatchObject({ reason: 'out-of-scope', verdict: 'outside the site' });
    expect(outside?.inlinks).toBe(1);
    const detail: ReportUrlDetail = await ipc('crawl.url', { jobId, url: outside?.url });
    expect(detail.linkedFrom).toEqual([`${site.origin}/disc/external`]);
  });

  it('answers the charts (issue 29), each bar the size of the table it filters', async () => {
    const charts = await ipc<CrawlCharts>('crawl.charts', { jobId });
    const internal = await allRows({ scope: 'internal' }, 500);
    expect(charts.total).toBe(internal.length);
    const root = charts.folders[0];
    const bars: Array<[Record<string, unknown>, number]> = [
      ...charts.statuses.map((s): [Record<string, unknown>, number] => [
        { httpStatus: s.status === null ? 'none' : String(s.status) },
        s.count,
      ]),
      ...charts.depths.map((d): [Record<string, unknown>, number] => [
        { depth: `${d.depth}${d.orMore ? '+' : ''}` },
        d.count,
      ]),
      [{ under: root?.prefix }, root?.urls ?? -1],
    ];
    for (const [filter, count] of bars)
      expect(
        await allRows({ scope: 'internal', ...filter }, 500),
        JSON.stringify(filter),
      ).toHaveLength(count);
    const unknown = await desktop.dispatch(TEST_ORIGIN, 'crawl.charts', { jobId: 'nope' });
    expect(unknown).toMatchObject({ ok: false, status: 404 });
  });

  it('knows the link graph: inlinks and linking pages (page events carry none)', async () => {
    const url = `${site.url.replace(/\/$/, '')}/p/1`;
    const detail: ReportUrlDetail = await ipc('crawl.url', { jobId, url });
    expect(detail.inlinks).toBeGreaterThan(0);
    expect(detail.linkedFrom).toContain(site.url);
    expect(detail.why).toMatch(/^Listed/);
    const seo = await ipc<{ stats: { brokenLinks: number } }>('seo.get', { jobId });
    expect(seo.stats.brokenLinks).toBeGreaterThan(0);
  });

  it('answers bad filters and cursors with 400 and the hosted codes, unknown jobs with 404', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ reason: 'bogus' }, 'report.filter-invalid'],
      [{ limit: 0 }, 'report.filter-invalid'],
      [{ sort: 'size' }, 'report.filter-invalid'],
      [{ cursor: 'garbage' }, 'report.cursor-invalid'],
      [{ issue: 'no-such-rule' }, 'report.filter-invalid'],
    ];
    for (const [filter, code] of cases) {
      const reply = await desktop.dispatch(TEST_ORIGIN, 'crawl.urls', { jobId, ...filter });
      expect(reply, JSON.stringify(filter)).toMatchObject({ ok: false, status: 400 });
      if (!reply.ok) expect((reply.body as { code?: string }).code).toBe(code);
    }
    const unknown = await desktop.dispatch(TEST_ORIGIN, 'crawl.urls', { jobId: 'nope' });
    expect(unknown).toMatchObject({ ok: false, status: 404 });
  });

  it('exports the CSV with BOM and one row per URL, and saves it where the user picks', async () => {
    const file = await ipc<{ fileName: string; bytes: Uint8Array }>('crawl.report', {
      jobId,
      format: 'csv',
    });
    expect(file.fileName).toBe('crawl-report-127.0.0.1.csv');
    const bytes = Buffer.from(file.bytes);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...records] = parseCsv(bytes.subarray(3).toString('utf8'));
    const rows = await allRows({}, 500);
    expect(records).toHaveLength(rows.length);
    const verdict = header?.indexOf('Verdict') ?? -1;
    const byUrl = new Map(rows.map((r) => [r.url, r.verdict]));
    for (const record of records) expect(record[verdict]).toBe(byUrl.get(record[0] as string));

    desktop.dialogAnswers.push(desktop.dataDir);
    const saved = await ipc<{ saved: boolean; path: string }>('report.save', {
      jobId,
      format: 'jsonl',
      reason: 'redirect',
    });
    expect(saved.saved).toBe(true);
    const lines = fs.readFileSync(saved.path, 'utf8').trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l).reason)).toEqual(
      rows.filter((r) => r.reason === 'redirect').map(() => 'redirect'),
    );
  });

  it('bounds crawl.get and states the outcome', async () => {
    const job: CrawlJob = await ipc('crawl.get', { jobId });
    expect(job.resultsTotal).toBe(site.expectedStaticSitemapUrls.length);
    expect(job.outcome).toMatchObject({ endReason: 'finished', endSentence: null });
    expect(job.outcome?.pagesText).toBe(
      `${job.pagesCrawled} pages, ${site.expectedStaticSitemapUrls.length} listed`,
    );
    expect(job.outcome?.downloads.find((d) => d.format === 'videos')).toMatchObject({
      available: false,
      reason: 'no videos found',
    });
  });
});

describe('the same report from the hosted API', () => {
  let t: TestServer;
  afterAll(() => t?.close());

  it('gives the same verdicts, statuses, titles and inlinks for the same site', async () => {
    t = await startTestServer();
    const u = await createTestUser(t.server.context.db);
    const get = (p: string) => httpCall(t.server.url, u, 'GET', p);
    const { jobId: hosted } = await (
      await httpCall(t.server.url, u, 'POST', '/api/crawl', { url: site.url })
    ).json();
    const end = Date.now() + 30_000;
    while ((await (await get(`/api/crawl/${hosted}`)).json()).status !== 'completed') {
      if (Date.now() > end) throw new Error('hosted crawl did not complete');
      await new Promise((r) => setTimeout(r, 100));
    }
    const page: ReportUrlsPage = await (
      await get(`/api/crawl/${hosted}/urls?limit=500&sort=url`)
    ).json();
    const local = await allRows({ sort: 'url' }, 500);
    const shape = (r: ReportRow) => [r.url, r.status, r.reason, r.verdict, r.title, r.inlinks];
    expect(local.map(shape)).toEqual(page.rows.map(shape));
    const job: CrawlJob = await (await get(`/api/crawl/${hosted}`)).json();
    const mine: CrawlJob = await ipc('crawl.get', { jobId });
    expect(mine.pagesCrawled).toBe(job.pagesCrawled);
    expect(mine.outcome?.downloads).toEqual(job.outcome?.downloads);
    expect(mine.outcome?.pagesText).toBe(job.outcome?.pagesText);
    // With the link graph stored, the SEO analyses agree too (timing aside: slow responses
    // and the average response time depend on the machine's load).
    type Seo = { score: number; stats: Record<string, number>; issues: Array<{ rule: string }> };
    const hostedSeo: Seo = await (await get(`/api/seo-analysis/${hosted}`)).json();
    const localSeo: Seo = await ipc('seo.get', { jobId });
    const rules = (seo: Seo) =>
      seo.issues
        .map((i) => i.rule)
        .filter((rule) => rule !== 'slow-responses')
        .sort();
    expect(rules(localSeo)).toEqual(rules(hostedSeo));
    // Timing figures differ between two crawls; every count is compared.
    const { avgResponseTime: _a, p95ResponseTime: _pa, ...localStats } = localSeo.stats;
    const { avgResponseTime: _b, p95ResponseTime: _pb, ...hostedStats } = hostedSeo.stats;
    expect(localStats).toEqual(hostedStats);
  }, 60_000);
});
