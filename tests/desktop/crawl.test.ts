import fs from 'node:fs';
import path from 'node:path';
import type { CrawlJob, SeoAnalysis } from '@mapsmith/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  CrawlerProcess,
  LaunchCrawler,
} from '../../packages/desktop/src/main/crawl/local-crawls';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/index.js';
import { INTERNAL_URL_VECTORS } from '../fixtures/ssrf-vectors.js';
import { buildDesktop, DESKTOP_OUT } from './support/build';
import { nodeLauncher } from './support/node-launcher';
import { withDataFile } from './support/seed';
import { startTestDesktop, TEST_ORIGIN, type TestDesktop } from './support/services';

const ENTRY = path.join(DESKTOP_OUT, 'main/crawler-process.js');

let site: FixtureSite;
let desktop: TestDesktop | undefined;
beforeAll(async () => {
  buildDesktop();
  site = await startFixtureSite({ pages: 30, features: ['redirects', 'noindex'] });
});
afterAll(() => site.close());
afterEach(async () => {
  await desktop?.dispose();
  desktop = undefined;
});

async function open(launch: LaunchCrawler = nodeLauncher(ENTRY), loopback = true) {
  desktop = await startTestDesktop({
    launch,
    env: loopback ? { MAPSMITH_ALLOW_LOOPBACK: '1' } : {},
  });
  return desktop;
}

async function call<T>(d: TestDesktop, name: string, input: unknown): Promise<T> {
  const reply = await d.dispatch(TEST_ORIGIN, name, input);
  if (!reply.ok) throw new Error(`${name}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.value as T;
}

async function crawlToEnd(d: TestDesktop, url: string): Promise<CrawlJob> {
  const { jobId } = await call<{ jobId: string }>(d, 'crawl.start', { url });
  await d.deps.crawls.settled(jobId);
  return call<CrawlJob>(d, 'crawl.get', { jobId });
}

describe('local crawls in a crawler process', () => {
  it('crawls the fixture site, streams progress, and stores results, history and SEO', async () => {
    const d = await open();
    const job = await crawlToEnd(d, site.url);
    expect(job.status).toBe('completed');
    expect(job.error).toBeNull();
    expect(job.results.map((r) => r.url).sort()).toEqual(
      [...site.expectedStaticSitemapUrls].sort(),
    );
    expect(job.pagesCrawled).toBeGreaterThanOrEqual(job.results.length);

    const progress = d.progress.filter((p) => p.jobId === job.jobId);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toMatchObject({ status: 'completed', pagesCrawled: job.pagesCrawled });
    expect(progress.some((p) => p.status === 'crawling' && p.pagesCrawled > 0)).toBe(true);

    const history = await call<{ id: string; status: string; completionTime?: number }[]>(
      d,
      'history.list',
      {},
    );
    expect(history[0]).toMatchObject({ id: job.jobId, status: 'completed' });
    expect(history[0]?.completionTime).toBeTypeOf('number');
    const seo = await call<SeoAnalysis>(d, 'seo.get', { jobId: job.jobId });
    expect(seo.score).toBeGreaterThanOrEqual(0);
    expect(seo.stats.totalPages).toBe(job.pagesCrawled);
    const analytics = await call<{ totalCrawls: number; usage: { used: number } }>(
      d,
      'analytics.get',
      {},
    );
    expect(analytics).toMatchObject({ totalCrawls: 1, usage: { used: job.pagesCrawled } });
  });

  it('caps a free crawl at the plan limit', async () => {
    const d = await open();
    d.deps.crawlDefaults.maxDepth = 10;
    const big = await startFixtureSite({ pages: 150 });
    try {
      const job = await crawlToEnd(d, big.url);
      expect(job.status).toBe('completed');
      expect(job.pagesCrawled).toBe(100);
      expect(job.outcome?.endReason).toBe('plan-limit');
    } finally {
      await big.close();
    }
  });

  it('refuses internal addresses through the SSRF guard when loopback is not allowed', async () => {
    const d = await open(nodeLauncher(ENTRY), false);
    const before = site.totalRequests();
    for (const url of [
      site.url,
      'http://10.1.2.3/',
      'http://169.254.169.254/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      const reply = await d.dispatch(TEST_ORIGIN, 'crawl.start', { url });
      expect(reply, url).toMatchObject({
        ok: false,
        status: 400,
        body: { error: 'URL not allowed' },
      });
    }
    expect(site.totalRequests()).toBe(before);
    expect(await call(d, 'history.list', {})).toEqual([]);
  });

  it('refuses every internal address form at the IPC entry with the hosted code', async () => {
    const d = await open(nodeLauncher(ENTRY), false);
    for (const [url, label] of INTERNAL_URL_VECTORS)
      for (const [name, input] of [
        ['crawl.start', { url }],
        ['sitemap.fetch', { url }],
      ] as const) {
        const reply = await d.dispatch(TEST_ORIGIN, name, input);
        expect(reply, `${name} ${label} ${url}`).toMatchObject({
          ok: false,
          status: 400,
          body: { error: 'URL not allowed', code: 'crawl.url-not-allowed' },
        });
      }
    expect(await call(d, 'history.list', {})).toEqual([]);
  });

  it('fails the job with the reason when the crawler process dies', async () => {
    let child: CrawlerProcess | undefined;
    const launch: LaunchCrawler = () => {
      child = nodeLauncher(ENTRY)();
      return child;
    };
    const slow = await startFixtureSite({ pages: 60, latencyMs: 200 });
    try {
      const d = await open(launch);
      const { jobId } = await call<{ jobId: string }>(d, 'crawl.start', { url: slow.url });
      await expect.poll(() => d.progress.length, { timeout: 10_000 }).toBeGreaterThan(0);
      child?.kill();
      await d.deps.crawls.settled(jobId);
      const job = await call<CrawlJob>(d, 'crawl.get', { jobId });
      expect(job.status).toBe('failed');
      expect(job.error).toMatch(/crawler process exited unexpectedly/);
      expect(d.progress.at(-1)).toMatchObject({ jobId, status: 'failed' });
    } finally {
      await slow.close();
    }
  });
  it('stops the crawl and says so when the data file cannot take its pages (disk full)', async () => {
    const slow = await startFixtureSite({ pages: 300, latencyMs: 20 });
    try {
      const d = await open();
      // The file refuses a job's sixth page as a full disk does (SQLite's own words), in the
      // crawler process that writes it.
      await withDataFile(d, (db) =>
        db.exec(`CREATE TRIGGER disk_full BEFORE INSERT ON crawl_pages
                 WHEN (SELECT COUNT(*) FROM crawl_pages WHERE job_id = NEW.job_id) >= 5
                 BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;`),
      );
      const { jobId } = await call<{ jobId: string }>(d, 'crawl.start', { url: slow.url });
      await d.deps.crawls.settled(jobId);
      const job = await call<CrawlJob>(d, 'crawl.get', { jobId });
      expect(job.status).toBe('failed');
      expect(job.error).toBe(
        'The crawl stopped: this computer ran out of disk space. Free some space and start it again.',
      );
      expect(job.pagesCrawled).toBe(5);
    } finally {
      await slow.close();
    }
  });

  it('answers a full disk in any handler with a plain 503, not an internal error', async () => {
    const d = await open();
    const job = await crawlToEnd(d, site.url);
    // The export reads the records in batches; the first read fails as a full disk does.
    // biome-ignore lint/correctness/useYield: a generator that fails before its first record.
    d.deps.data.answers.pages = async function* () {
      throw Object.assign(new Error('SQLITE_FULL: database or disk is full'), {
        code: 'SQLITE_FULL',
      });
    };
    const reply = await d.dispatch(TEST_ORIGIN, 'export.generate', {
      jobId: job.jobId,
      format: 'xml',
    });
    expect(reply).toMatchObject({
      ok: false,
      status: 503,
      body: { error: 'Out of disk space', message: expect.stringMatching(/ran out of disk space/) },
    });
  });

  it('puts a crawl stopped by quitting the app back to wait, and finishes it at the next start', async () => {
    const slow = await startFixtureSite({ pages: 60, latencyMs: 100 });
    try {
      const d = await open();
      const { jobId } = await call<{ jobId: string }>(d, 'crawl.start', { url: slow.url });
      await expect
        .poll(() => d.progress.filter((p) => p.pagesCrawled >= 5).length, { timeout: 15_000 })
        .toBeGreaterThan(0);
      await d.close();
      const stopped = await withDataFile(d, (db) =>
        db.first<{ status: string; pages: number }>(
          'SELECT status, (SELECT COUNT(*) FROM crawl_pages WHERE job_id = ?) AS pages FROM crawl_jobs WHERE id = ?',
          [jobId, jobId],
        ),
      );
      expect(stopped?.status).toBe('pending');
      expect(stopped?.pages).toBeGreaterThan(0);
      expect(stopped?.pages).toBeLessThan(60);

      desktop = await startTestDesktop({
        launch: nodeLauncher(ENTRY),
        env: { MAPSMITH_ALLOW_LOOPBACK: '1' },
        dataDir: d.dataDir,
      });
      await desktop.deps.crawls.settled(jobId);
      const job = await call<CrawlJob>(desktop, 'crawl.get', { jobId });
      expect(job.status).toBe('completed');
      // Resumed from its stored frontier: every page once, each charged once.
      const urls = await call<{ rows: { url: string }[]; total: number }>(desktop, 'crawl.urls', {
        jobId,
        limit: 200,
      });
      expect(new Set(urls.rows.map((r) => r.url)).size).toBe(urls.rows.length);
      expect(job.pagesCrawled).toBe(60);
      const analytics = await call<{ usage: { used: number } }>(desktop, 'analytics.get', {});
      expect(analytics.usage.used).toBe(60);
    } finally {
      await slow.close();
    }
  });
});

describe('sitemap.fetch for the checker', () => {
  it('downloads a sitemap from a site through the guarded fetcher', async () => {
    const d = await open();
    const withSitemap = await startFixtureSite({ pages: 5, features: ['sitemap'] });
    try {
      const { content } = await call<{ content: string }>(d, 'sitemap.fetch', {
        url: `${withSitemap.origin}/sitemaps/index.xml`,
      });
      expect(content).toContain('<sitemapindex');
      const html = await d.dispatch(TEST_ORIGIN, 'sitemap.fetch', { url: withSitemap.url });
      expect(html).toMatchObject({ ok: false, status: 422, body: { error: 'Not a sitemap' } });
    } finally {
      await withSitemap.close();
    }
  });

  it('refuses private, loopback and metadata addresses', async () => {
    const d = await open(nodeLauncher(ENTRY), false);
    for (const url of [
      site.url,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/sitemap.xml',
      'http://[::1]/',
    ]) {
      const reply = await d.dispatch(TEST_ORIGIN, 'sitemap.fetch', { url });
      expect(reply, url).toMatchObject({
        ok: false,
        status: 400,
        body: { error: 'URL not allowed' },
      });
    }
  });
});

describe('the built bundles', () => {
  it('ships a sandbox-ready preload: one CommonJS file that requires nothing but electron', () => {
    const preload = fs.readFileSync(path.join(DESKTOP_OUT, 'preload/index.cjs'), 'utf8');
    const requires = [...preload.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
    expect(requires).toEqual(['electron']);
    expect(preload).not.toMatch(/^import /m);
    // One global, the bridge object; ipcRenderer itself is only ever an argument to createBridge.
    expect(preload.match(/exposeInMainWorld\(/g)).toHaveLength(1);
    expect(preload).toMatch(
      /exposeInMainWorld\("mapsmith", createBridge\(electron\.ipcRenderer\)\)/,
    );
  });

  it('builds the crawler process as its own main-side entry', () => {
    expect(fs.existsSync(path.join(DESKTOP_OUT, 'main/index.js'))).toBe(true);
    expect(fs.readFileSync(ENTRY, 'utf8')).not.toMatch(/from ["']electron["']/);
  });

  it('loads the native sqlite3 driver from node_modules, never a bundled copy of it', () => {
    // Bundled, its JS would look for the compiled binding beside the bundle and fail in the app.
    // Main and the crawler process both open the data file, so the driver sits in a shared chunk.
    const dir = path.join(DESKTOP_OUT, 'main');
    const files = fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.js'))
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
    expect(files.filter((text) => /^import sqlite3 from "sqlite3";$/m.test(text))).toHaveLength(1);
    for (const text of files) expect(text).not.toMatch(/node-gyp-build|node_sqlite3\.node/);
  });
});
