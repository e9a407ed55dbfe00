import fs from 'node:fs';
import path from 'node:path';
import type { CrawlJob, SeoAnalysis } from '@mapsmith/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  CrawlerProcess,
  LaunchCrawler,
} from '../../packages/desktop/src/main/crawl/crawl-runner';
import { LocalStore } from '../../packages/desktop/src/main/store/local-store';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/index.js';
import { buildDesktop, DESKTOP_OUT } from './support/build';
import { nodeLauncher } from './support/node-launcher';
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
      expect((await d.deps.store.summary(job.jobId))?.endedBy).toBe('page-limit');
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
    expect(await d.deps.store.history()).toEqual([]);
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
  it('stops the crawl and says so when the local store cannot save its pages (disk full)', async () => {
    const slow = await startFixtureSite({ pages: 300, latencyMs: 20 });
    try {
      const d = await open();
      // The real store, failing from its second page batch on as a full disk does.
      const store = d.deps.store;
      const addPages = store.addPages.bind(store);
      let batches = 0;
      store.addPages = async (id, pages) => {
        if (pages.length > 0 && ++batches >= 2)
          throw Object.assign(new Error('SQLITE_FULL: database or disk is full'), {
            code: 'SQLITE_FULL',
          });
        return addPages(id, pages);
      };
      const { jobId } = await call<{ jobId: string }>(d, 'crawl.start', { url: slow.url });
      await d.deps.crawls.settled(jobId);
      const job = await call<CrawlJob>(d, 'crawl.get', { jobId });
      expect(job.status).toBe('failed');
      expect(job.error).toMatch(/ran out of disk space/);
      expect(job.pagesCrawled).toBeLessThan(300);
    } finally {
      await slow.close();
    }
  });

  it('answers a full disk in any handler with a plain 503, not an internal error', async () => {
    const d = await open();
    const job = await crawlToEnd(d, site.url);
    // The export reads the records in batches; the first read fails as a full disk does.
    // biome-ignore lint/correctness/useYield: a generator that fails before its first record.
    d.deps.store.iteratePages = async function* () {
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

  it('records a crawl stopped by quitting the app, and keeps it after reopening', async () => {
    const slow = await startFixtureSite({ pages: 60, latencyMs: 200 });
    try {
      const d = await open();
      const { jobId } = await call<{ jobId: string }>(d, 'crawl.start', { url: slow.url });
      await expect.poll(() => d.progress.length, { timeout: 10_000 }).toBeGreaterThan(0);
      await d.close();
      const reopened = await LocalStore.open(path.join(d.dataDir, 'mapsmith.sqlite'));
      expect(await reopened.getJob(jobId)).toMatchObject({
        status: 'failed',
        error: 'Interrupted: the app closed during the crawl',
      });
      await reopened.close();
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
    const main = fs.readFileSync(path.join(DESKTOP_OUT, 'main/index.js'), 'utf8');
    expect(main).toMatch(/^import sqlite3 from "sqlite3";$/m);
    expect(main).not.toMatch(/node-gyp-build|node_sqlite3\.node/);
  });
});
