// Parity of the two shells (issue 17): the same site crawled through the hosted API and through
// the desktop's IPC handlers gives the same answers, field by field, for every read a user
// sees (and the CLI, the third way to crawl, gives each URL the same verdict, issue 25): crawl.get, seo.get, the URL table, one URL's detail, the crawl report's CSV and JSON
// Lines, history, analytics, and every export format's bytes. Both shells run the application
// layer (`@mapsmith/app`); what this guards is everything around it that could still differ:
// each shell's crawl settings and rendering, its process (a server worker, the desktop's crawler
// process over its own data file), its plan and user, and how it delivers an answer (HTTP
// routes, IPC). Two crawls of one site save their pages in different orders (16 requests in
// flight), so lists are compared in URL order and crawl-time fields (response times, the
// crawl's own dates, ids) are left out; nothing else is normalised. A synthetic job of 60,000
// listed URLs, stored in both shells, must give the same sitemap index and the same two parts,
// byte for byte.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  type CrawlJob,
  EXPORT_FORMATS,
  type ExportFormat,
  LINKED_FROM_KEPT,
  makePage,
  type PageRecord,
  REPORT_COLUMN_NAMES,
  type ReportRow,
  type ReportUrlsPage,
  reportColumns,
  reportValues,
  type SqlDatabase,
  scopeCounts,
} from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_USER_ID } from '../../packages/desktop/src/main/store/local-data';
import { runCli } from '../../packages/server/src/cli/commands/cli-test-support';
import {
  createTestUser,
  call as httpCall,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../packages/server/src/repos/test-support';
import { parseCsv } from '../fixtures/csv';
import { VARIED_FEATURES } from '../fixtures/site/crawl-helper';
import { type FixtureFeature, type FixtureSite, startFixtureSite } from '../fixtures/site/index.js';
import { buildDesktop, DESKTOP_OUT } from './support/build';
import { nodeLauncher } from './support/node-launcher';
import { withDataFile } from './support/seed';
import { startTestDesktop, TEST_ORIGIN, type TestDesktop } from './support/services';

const ENTRY = `${DESKTOP_OUT}/main/crawler-process.js`;
/**
 * 404s and 5xx, redirects (client-side ones too), noindex pages linked from others, images,
 * videos, hreflang, robots;
 * `media-checks`: lazy and srcset images, a 404 image, a video left out, invalid hreflang.
 */
const FEATURES = [
  ...VARIED_FEATURES,
  'robots-pages',
  'sitemap',
  'client-redirects',
  'media-checks',
] satisfies FixtureFeature[];

let site: FixtureSite;
let desktop: TestDesktop;
let hosted: TestServer;
let user: TestUser;
let localJob: string;
let hostedJob: string;
/** Every record the CLI's crawl of the site wrote with `--out` (one JSON object per URL). */
let cliRecords: PageRecord[];

/** Crawls the site with `mapsmith crawl`, rendering as both shells do, and reads its records. */
async function crawlWithCli(url: string): Promise<PageRecord[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-parity-'));
  try {
    const out = path.join(dir, 'crawl.jsonl');
    const run = await runCli(['crawl', url, '--allow-loopback', '--render', 'auto', '--out', out]);
    if (run.status !== 0) throw new Error(`mapsmith crawl: ${run.status} ${run.stderr}`);
    return fs
      .readFileSync(out, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as PageRecord);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function ipc<T>(name: string, input: unknown): Promise<T> {
  const reply = await desktop.dispatch(TEST_ORIGIN, name, input);
  if (!reply.ok) throw new Error(`${name}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.value as T;
}

async function http(pathname: string): Promise<Response> {
  const response = await httpCall(hosted.server.url, user, 'GET', pathname);
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return response;
}

async function hostedJson<T>(pathname: string): Promise<T> {
  return (await (await http(pathname)).json()) as T;
}

/** Every row of the URL table, in URL order, through `page` (one shell's `crawl.urls`). */
async function allRows(page: (cursor: string | null) => Promise<ReportUrlsPage>) {
  const rows: ReportRow[] = [];
  let cursor: string | null = null;
  do {
    const answer = await page(cursor);
    rows.push(...answer.rows);
    cursor = answer.nextCursor;
  } while (cursor);
  return rows;
}

/** A row without what the crawl's timing decides (its id is its save order). */
function rowFacts(row: ReportRow): Omit<ReportRow, 'id' | 'responseTimeMs'> {
  const { id: _id, responseTimeMs: _ms, ...facts } = row;
  return facts;
}

/** The entries of a text export (its `<url>`, `<item>`, `<li>` or lines), in file order. */
function blocks(text: string, format: ExportFormat): string[] {
  const patterns: Record<ExportFormat, RegExp> = {
    xml: /<url>[\s\S]*?<\/url>/g,
    'xml-images': /<url>[\s\S]*?<\/url>/g,
    images: /<url>[\s\S]*?<\/url>/g,
    videos: /<url>[\s\S]*?<\/url>/g,
    rss: /<item>[\s\S]*?<\/item>/g,
    html: /<li>[\s\S]*?<\/li>/g,
    txt: /[^\n]+/g,
    json: /"url":\s*"[^"]*"/g,
  };
  return [...text.matchAll(patterns[format])].map((m) => m[0]);
}

/** The entries of a text export sorted: kept from before the exports had one order. */
function sortedBlocks(text: string, format: ExportFormat): string[] {
  return blocks(text, format).sort();
}

/** The text around the entries (head, foot), with the crawl's own timestamps masked. */
function frame(text: string, format: ExportFormat): string {
  const entry =
    format === 'rss'
      ? /<item>[\s\S]*?<\/item>/g
      : format === 'html'
        ? /<li>[\s\S]*?<\/li>/g
        : /<url>[\s\S]*?<\/url>/g;
  return text
    .replace(entry, '')
    .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<time>')
    .replace(/[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} [\d:]+ GMT/g, '<time>');
}

beforeAll(async () => {
  buildDesktop();
  site = await startFixtureSite({ pages: 40, features: FEATURES });
  desktop = await startTestDesktop({
    launch: nodeLauncher(ENTRY),
    env: { MAPSMITH_ALLOW_LOOPBACK: '1' },
  });
  // Both shells render app shells in Chromium (the test server's default is never).
  hosted = await startTestServer({ MAPSMITH_RENDER: 'auto' });
  user = await createTestUser(hosted.server.context.db);
  ({ jobId: localJob } = await ipc<{ jobId: string }>('crawl.start', { url: site.url }));
  const start = await httpCall(hosted.server.url, user, 'POST', '/api/crawl', { url: site.url });
  ({ jobId: hostedJob } = (await start.json()) as { jobId: string });
  const cli = crawlWithCli(site.url);
  await desktop.deps.crawls.settled(localJob);
  cliRecords = await cli;
  const end = Date.now() + 60_000;
  while ((await hostedJson<CrawlJob>(`/api/crawl/${hostedJob}`)).status !== 'completed') {
    if (Date.now() > end) throw new Error('the hosted crawl did not complete');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 180_000);

afterAll(async () => {
  await desktop?.dispose();
  await hosted?.close();
  await site?.close();
});

describe('the same site through both shells', () => {
  it('crawl.get: the same counts, listed pages, notes and outcome', async () => {
    const mine = await ipc<CrawlJob>('crawl.get', { jobId: localJob });
    const theirs = await hostedJson<CrawlJob>(`/api/crawl/${hostedJob}`);
    const facts = (job: CrawlJob) => {
      const { jobId: _id, createdAt: _c, finishedAt: _f, results, ...rest } = job;
      return { ...rest, results: [...results].sort((a, b) => a.url.localeCompare(b.url)) };
    };
    expect(mine.status).toBe('completed');
    // What the media sitemaps leave out is said the same in both (issue 25 point 7).
    expect(mine.notes).toEqual(
      expect.arrayContaining([
        `1 image answering 4xx left out of the image lists: ${site.origin}/mc/img/missing.png (404)`,
        `3 videos left out of the video sitemap for missing fields Google requires: ${site.origin}/mc/video-nodesc (missing thumbnail_loc, description); ${site.origin}/media/video (2 videos missing description)`,
      ]),
    );
    expect(facts(mine)).toEqual(facts(theirs));
  });

  it('seo.get: the same stats, issues, affected URLs and score', async () => {
    type Issue = {
      rule: string;
      count: number;
      points: number;
      message: string;
      urls: string[];
      notes?: string[];
    };
    type Seo = {
      score: number;
      stats: Record<string, number>;
      issues: Issue[];
      recommendations: string[];
    };
    const mine = await ipc<Seo>('seo.get', { jobId: localJob });
    const theirs = await hostedJson<Seo>(`/api/seo-analysis/${hostedJob}`);
    // What the crawls' timing decides is left out: the average and p95 response times and the
    // slow-responses rule built on it (so the score is compared without its points), and which
    // example comes first or which URLs fill a capped list (the pages' save order).
    const facts = ({ stats, issues, score: _score, recommendations, ...rest }: Seo) => {
      const { avgResponseTime: _avg, p95ResponseTime: _p95, ...counts } = stats;
      const untimed = issues.filter((i) => i.rule !== 'slow-responses');
      return {
        ...rest,
        recommendations: recommendations.filter((r) => !r.startsWith('Speed up slow pages')),
        stats: counts,
        scoreWithoutTiming: Math.round(100 - untimed.reduce((sum, i) => sum + i.points, 0)),
        issues: untimed
          .map((i) => ({
            ...i,
            message: i.message.replace(/\(e\.g\. [^)]*\)/, '(e.g. …)'),
            // Each URL with its note (the offending title, say), where the rule gives notes.
            urls:
              i.urls.length === i.count
                ? i.urls.map((url, k) => (i.notes ? `${url} ${i.notes[k]}` : url)).sort()
                : i.urls.length,
            notes: i.notes?.length,
          }))
          .sort((x, y) => x.rule.localeCompare(y.rule)),
      };
    };
    expect(mine.issues.length).toBeGreaterThan(4);
    expect(mine.issues.map((i) => i.rule)).toContain('broken-links');
    expect(mine.issues.map((i) => i.rule)).toContain('noindex-linked');
    expect(mine.issues.map((i) => i.rule)).toEqual(
      expect.arrayContaining(['hreflang-invalid', 'hreflang-return-links', 'hreflang-no-self']),
    );
    expect(facts(mine)).toEqual(facts(theirs));
  });

  it('the URL table and one URL in detail: the same rows, verdicts, counts and facts', async () => {
    const mine = await allRows((cursor) =>
      ipc('crawl.urls', { jobId: localJob, sort: 'url', limit: 50, ...(cursor ? { cursor } : {}) }),
    );
    const theirs = await allRows((cursor) =>
      hostedJson(
        `/api/crawl/${hostedJob}/urls?sort=url&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      ),
    );
    expect(mine.length).toBeGreaterThan(50);
    expect(mine.map(rowFacts)).toEqual(theirs.map(rowFacts));
    const first = await ipc<ReportUrlsPage>('crawl.urls', { jobId: localJob });
    const firstHosted = await hostedJson<ReportUrlsPage>(`/api/crawl/${hostedJob}/urls`);
    expect(first.counts).toEqual(firstHosted.counts);

    // Client-side redirects (issue 25 point 1), the one seen only when rendering included.
    const at = (path: string) => mine.find((r) => r.url === `${site.origin}${path}`);
    expect(['/cr/refresh', '/cr/script', '/cr/rendered'].map((p) => at(p)?.verdict)).toEqual([
      'client-side redirect (meta refresh) → /cr/refresh-target',
      'script redirect → /cr/script-target',
      'script redirect → /cr/rendered-target',
    ]);
    expect(at('/cr/only-via-redirect')?.inlinks).toBe(1);

    const reasons = new Set<string>();
    const clientRedirects = ['/cr/refresh', '/cr/rendered'].map((p) => `${site.origin}${p}`);
    for (const row of mine) {
      if (reasons.has(row.reason) && !clientRedirects.includes(row.url)) continue;
      reasons.add(row.reason);
      // The first linking pages met depend on the crawl's order once there are more of them
      // than a store keeps; then only how many are shown is compared.
      const detail = (d: Record<string, unknown>) => {
        const { responseTimeMs: _ms, id: _id, linkedFrom, ...rest } = d;
        const from = [...(linkedFrom as string[])].sort();
        return { ...rest, linkedFrom: row.inlinks > LINKED_FROM_KEPT ? from.length : from };
      };
      const local = await ipc<Record<string, unknown>>('crawl.url', {
        jobId: localJob,
        url: row.url,
      });
      const remote = await hostedJson<Record<string, unknown>>(
        `/api/crawl/${hostedJob}/url?url=${encodeURIComponent(row.url)}`,
      );
      expect(detail(local), row.url).toEqual(detail(remote));
    }
    expect(reasons.size).toBeGreaterThan(4);
  });

  it('the CLI: every URL of the table, with the same verdict, status, depth and inlinks', async () => {
    const rows = await allRows((cursor) =>
      hostedJson(
        `/api/crawl/${hostedJob}/urls?sort=url&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      ),
    );
    type Facts = Pick<ReportRow, 'url' | 'status' | 'reason' | 'verdict' | 'depth' | 'inlinks'>;
    const facts = ({ url, status, reason, verdict, depth, inlinks }: Facts): Facts => ({
      url,
      status,
      reason,
      verdict,
      depth,
      inlinks,
    });
    // Each record as the shells' stores turn it into a row of the table (no answer: null).
    const cli = cliRecords
      .map((record) => {
        const columns = reportColumns(record);
        return facts({ ...record, ...columns, status: columns.status || null });
      })
      .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
    expect(cli.length).toBeGreaterThan(50);
    expect(cli).toEqual(rows.map(facts));
  });

  it('the URL table opens alike: internal URLs from the start page in crawl order, external apart', async () => {
    const views = async (scope: 'internal' | 'external') => {
      const mine = await allRows((cursor) =>
        ipc('crawl.urls', { jobId: localJob, scope, limit: 50, ...(cursor ? { cursor } : {}) }),
      );
      const theirs = await allRows((cursor) =>
        hostedJson(
          `/api/crawl/${hostedJob}/urls?scope=${scope}&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        ),
      );
      return { mine, theirs };
    };
    const internal = await views('internal');
    const external = await views('external');
    for (const rows of [internal.mine, internal.theirs]) {
      // Start page first, then by depth; within a depth, the order each crawl met the URLs.
      expect(rows[0]?.url).toBe(`${site.url.replace(/\/$/, '')}/`);
      const depths = rows.map((r) => r.depth);
      expect(depths).toEqual([...depths].sort((a, b) => a - b));
      expect(rows.some((r) => r.reason === 'out-of-scope')).toBe(false);
    }
    const byUrl = (rows: ReportRow[]) =>
      rows.map((r) => `${r.depth} ${r.url}`).sort((a, b) => a.localeCompare(b));
    expect(byUrl(internal.mine)).toEqual(byUrl(internal.theirs));
    expect(external.mine.every((r) => r.reason === 'out-of-scope')).toBe(true);
    expect(byUrl(external.mine)).toEqual(byUrl(external.theirs));
    // Each view's count is the counts' own split, in both shells.
    const first = await ipc<ReportUrlsPage>('crawl.urls', { jobId: localJob, scope: 'external' });
    const firstHosted = await hostedJson<ReportUrlsPage>(
      `/api/crawl/${hostedJob}/urls?scope=external`,
    );
    expect(first.matching).toBe(external.mine.length);
    expect(first.matching).toBe(scopeCounts(first.counts).external);
    expect(firstHosted.matching).toBe(external.theirs.length);
    expect(internal.mine.length).toBe(scopeCounts(first.counts).internal);
    expect(internal.theirs.length).toBe(scopeCounts(firstHosted.counts).internal);
  });

  it('the crawl report: the same CSV and JSON Lines, row for row', async () => {
    const csv = async (bytes: Uint8Array) => {
      const [header, ...records] = parseCsv(Buffer.from(bytes).subarray(3).toString('utf8'));
      const timing = header?.indexOf('Response time (ms)') ?? -1;
      const drop = (r: string[]) => r.filter((_v, i) => i !== timing);
      return {
        header,
        records: records.map(drop).sort((a, b) => a.join().localeCompare(b.join())),
      };
    };
    const local = await ipc<{ bytes: Uint8Array }>('crawl.report', {
      jobId: localJob,
      format: 'csv',
    });
    const remote = new Uint8Array(
      await (await http(`/api/crawl/${hostedJob}/report?format=csv`)).arrayBuffer(),
    );
    expect(await csv(local.bytes)).toEqual(await csv(remote));

    const lines = (text: string) =>
      text
        .trimEnd()
        .split('\n')
        .map((line) => {
          const { id: _id, responseTimeMs: _ms, ...rest } = JSON.parse(line);
          return JSON.stringify(rest);
        })
        .sort();
    const localJsonl = await ipc<{ bytes: Uint8Array }>('crawl.report', {
      jobId: localJob,
      format: 'jsonl',
    });
    const remoteJsonl = await (await http(`/api/crawl/${hostedJob}/report?format=jsonl`)).text();
    expect(lines(Buffer.from(localJsonl.bytes).toString('utf8'))).toEqual(lines(remoteJsonl));
  });

  it('history and analytics: the same crawl, the same pages used', async () => {
    type Item = { id: string; url: string; status: string; pagesCrawled: number };
    const mine = await ipc<Item[]>('history.list', {});
    const theirs = await hostedJson<Item[]>('/api/history');
    const item = ({ url, status, pagesCrawled }: Item) => ({ url, status, pagesCrawled });
    expect(mine.filter((i) => i.id === localJob).map(item)).toEqual(
      theirs.filter((i) => i.id === hostedJob).map(item),
    );
    type Stats = {
      totalCrawls: number;
      totalPages: number;
      successRate: number;
      monthlyUsage: unknown[];
      usage: { used: number; limit: number | null };
    };
    const local = await ipc<Stats>('analytics.get', {});
    const remote = await hostedJson<Stats>('/api/analytics');
    // The crawl times differ (avgCrawlTime), and so may the month's quota: an unlinked desktop
    // app has the desktop's own plan, the hosted user the free plan.
    const counts = ({ totalCrawls, totalPages, successRate, monthlyUsage, usage }: Stats) => ({
      totalCrawls,
      totalPages,
      successRate,
      monthlyUsage,
      used: usage.used,
    });
    expect(counts(local)).toEqual(counts(remote));
  });

  it('every export format: the same entries and the same file around them', async () => {
    for (const format of EXPORT_FORMATS) {
      const local = await desktop.dispatch(TEST_ORIGIN, 'export.generate', {
        jobId: localJob,
        format,
      });
      const remote = await httpCall(
        hosted.server.url,
        user,
        'GET',
        `/api/generate/${hostedJob}/${format}`,
      );
      if (!local.ok) {
        // A format with nothing to list is refused alike, with the same reason.
        expect(remote.status, format).toBe(local.status);
        expect((await remote.json()).message, format).toBe(
          (local.body as { message: string }).message,
        );
        continue;
      }
      expect(remote.status, format).toBe(200);
      const file = local.value as { fileName: string; contentType: string; bytes: Uint8Array };
      const text = Buffer.from(file.bytes).toString('utf8');
      const hostedText = await remote.text();
      expect(file.fileName, format).toBe(
        /filename="([^"]+)"/.exec(remote.headers.get('Content-Disposition') ?? '')?.[1],
      );
      expect(file.contentType, format).toBe(remote.headers.get('Content-Type'));
      expect(sortedBlocks(text, format).length, format).toBeGreaterThan(0);
      expect(sortedBlocks(text, format), format).toEqual(sortedBlocks(hostedText, format));
      // The same entries in the same order: the sitemap order, whatever order each crawl met them.
      expect(blocks(text, format), format).toEqual(blocks(hostedText, format));
      const start = `${site.url.replace(/\/$/, '')}/`;
      if (format === 'txt') expect(blocks(text, format)[0]).toBe(start);
      if (format === 'xml') expect(blocks(text, format)[0]).toContain(`<loc>${start}</loc>`);
      if (format !== 'json' && format !== 'txt')
        expect(frame(text, format), format).toBe(frame(hostedText, format));
    }
  });
});

describe('a job of 60,000 listed URLs in both shells', () => {
  const URLS = 60_000;
  const ORIGIN = 'https://big.example';
  const pages: PageRecord[] = Array.from({ length: URLS }, (_v, i) =>
    makePage(`${ORIGIN}/section-${i % 40}/page-${i}`, {
      title: `Page ${i}`,
      lastModified: `2026-0${1 + (i % 9)}-1${i % 10}T00:00:00.000Z`,
    }),
  );

  /** The job's rows as its crawl store writes them (one transaction, not 60,000). */
  async function insertBigJob(db: SqlDatabase, userId: number): Promise<void> {
    await db.run(
      `INSERT INTO crawl_jobs (id, user_id, url, status, page_cap, pages_crawled, created_at, created_ms)
       VALUES (?, ?, ?, 'completed', ?, ?, ?, ?)`,
      ['big-job', userId, `${ORIGIN}/`, URLS, URLS, new Date().toISOString(), Date.now()],
    );
    await db.transaction(async (tx) => {
      for (const page of pages) {
        await tx.run(
          `INSERT INTO crawl_pages (job_id, key, url, title, included, record, inlinks, ${REPORT_COLUMN_NAMES.join(', ')})
           VALUES (?, ?, ?, ?, 1, ?, 1, ${REPORT_COLUMN_NAMES.map(() => '?').join(', ')})`,
          ['big-job', page.url, page.url, page.title, JSON.stringify(page), ...reportValues(page)],
        );
      }
    });
  }

  beforeAll(async () => {
    await withDataFile(desktop, (db) => insertBigJob(db, LOCAL_USER_ID));
    await insertBigJob(hosted.server.context.db, user.id);
  }, 120_000);

  it('splits the xml sitemap alike: the same index, two parts, byte for byte', async () => {
    for (const compress of [false, true]) {
      const query = compress ? '?compress=true' : '';
      const index = await ipc<{ fileName: string; bytes: Uint8Array; parts?: number }>(
        'export.generate',
        { jobId: 'big-job', format: 'xml', compress },
      );
      const hostedIndex = await http(`/api/generate/big-job/xml${query}`);
      expect(index.parts).toBe(2);
      expect(hostedIndex.headers.get('X-Sitemap-Parts')).toBe('2');
      const unzip = (bytes: Uint8Array) =>
        (compress ? gunzipSync(bytes) : Buffer.from(bytes)).toString('utf8');
      const indexText = unzip(index.bytes);
      expect(indexText).toContain('<sitemapindex');
      expect(indexText).toBe(unzip(new Uint8Array(await hostedIndex.arrayBuffer())));
      for (const part of [1, 2]) {
        const mine = await ipc<{ fileName: string; bytes: Uint8Array; parts?: number }>(
          'export.generate',
          { jobId: 'big-job', format: 'xml', compress, part },
        );
        const sep = compress ? '&' : '?';
        const theirs = await http(`/api/generate/big-job/xml${query}${sep}part=${part}`);
        const text = unzip(mine.bytes);
        expect(mine.parts).toBeUndefined();
        expect(text.match(/<url>/g)).toHaveLength(part === 1 ? 50_000 : 10_000);
        // The sitemap order: every URL here is at depth 1, so by URL, byte for byte.
        const locs = [...text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');
        expect(locs).toEqual([...locs].sort());
        expect(text).toBe(unzip(new Uint8Array(await theirs.arrayBuffer())));
      }
      const missing = await desktop.dispatch(TEST_ORIGIN, 'export.generate', {
        jobId: 'big-job',
        format: 'xml',
        compress,
        part: 3,
      });
      expect(missing).toMatchObject({ ok: false, status: 404 });
      expect(
        (
          await httpCall(
            hosted.server.url,
            user,
            'GET',
            `/api/generate/big-job/xml${query}${compress ? '&' : '?'}part=3`,
          )
        ).status,
      ).toBe(404);
    }
  }, 120_000);
});
