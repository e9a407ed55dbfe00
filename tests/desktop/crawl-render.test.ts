import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CrawlJob } from '@mapsmith/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LaunchCrawler } from '../../packages/desktop/src/main/crawl/local-crawls';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/index.js';
import { buildDesktop, DESKTOP_OUT } from './support/build';
import { nodeLauncher } from './support/node-launcher';
import { startTestDesktop, TEST_ORIGIN, type TestDesktop } from './support/services';

const ENTRY = path.join(DESKTOP_OUT, 'main/crawler-process.js');

let site: FixtureSite;
let desktop: TestDesktop | undefined;
// Each crawler process gets its own temp folder, so the browser profiles it creates (and any
// browser still using one) can be found without confusing them with other tests' browsers.
let tmp: string;
beforeAll(async () => {
  buildDesktop();
  site = await startFixtureSite({ pages: 12, features: ['script'] });
});
afterAll(() => site.close());
afterEach(async () => {
  await desktop?.dispose();
  desktop = undefined;
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function open(chromePath: string) {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-render-test-'));
  desktop = await startTestDesktop({
    launch: nodeLauncher(ENTRY, { MAPSMITH_CHROME_PATH: chromePath, TMPDIR: tmp }),
    env: { MAPSMITH_ALLOW_LOOPBACK: '1' },
  });
  return desktop;
}

async function call<T>(d: TestDesktop, name: string, input: unknown): Promise<T> {
  const reply = await d.dispatch(TEST_ORIGIN, name, input);
  if (!reply.ok) throw new Error(`${name}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.value as T;
}

/** Processes whose command line names the test's temp folder (Chromium's --user-data-dir). */
function browsersUsing(folder: string): string[] {
  try {
    return execFileSync('pgrep', ['-f', folder], { encoding: 'utf8' }).trim().split('\n');
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

const appLinks = (origin: string) => [`${origin}/app/one`, `${origin}/app/two`];

describe('smart rendering in the desktop crawler process', () => {
  it('renders app shells with the local Chromium and leaves no browser behind', async () => {
    const d = await open('/usr/bin/chromium');
    const { jobId } = await call<{ jobId: string }>(d, 'crawl.start', { url: site.url });
    // While the crawl runs, its browser profile lives in the crawler process's temp folder.
    await expect.poll(() => browsersUsing(tmp).length, { timeout: 15_000 }).toBeGreaterThan(0);
    await d.deps.crawls.settled(jobId);
    const job = await call<CrawlJob>(d, 'crawl.get', { jobId });
    expect(job.status).toBe('completed');
    const urls = job.results.map((r) => r.url).sort();
    expect(urls).toEqual([...site.expectedSitemapUrls].sort());
    expect(urls).toEqual(expect.arrayContaining(appLinks(site.origin)));
    const { summary } = await d.deps.data.jobs.details(jobId);
    expect(summary?.renderedPages).toBeGreaterThanOrEqual(1);
    expect(summary?.notes).toBeUndefined();
    expect(browsersUsing(tmp)).toEqual([]);
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it('crawls static and says why when the browser is missing', async () => {
    const d = await open('/nonexistent/chrome');
    const { jobId } = await call<{ jobId: string }>(d, 'crawl.start', { url: site.url });
    await d.deps.crawls.settled(jobId);
    const job = await call<CrawlJob>(d, 'crawl.get', { jobId });
    expect(job.status).toBe('completed');
    expect(job.results.map((r) => r.url).sort()).toEqual(
      [...site.expectedStaticSitemapUrls].sort(),
    );
    const { summary } = await d.deps.data.jobs.details(jobId);
    expect(summary?.renderedPages).toBe(0);
    expect(summary?.notes).toEqual([
      '1 page looked like an app shell but was crawled without JavaScript (MAPSMITH_CHROME_PATH names no file (/nonexistent/chrome)): install Google Chrome or Chromium, or set MAPSMITH_CHROME_PATH, to render it.',
    ]);
    // The results panel reads them from the job (CrawlResults shows `notes`).
    expect(job.notes).toEqual(summary?.notes);
  });

  it('leaves no browser behind when the crawler process is killed outright', async () => {
    let child: ChildProcess | undefined;
    const launch: LaunchCrawler = () => {
      const forked = fork(ENTRY, [], {
        serialization: 'advanced',
        stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
        env: { ...process.env, MAPSMITH_CHROME_PATH: '/usr/bin/chromium', TMPDIR: tmp },
      });
      child = forked;
      return {
        postMessage: (message) => forked.send(message),
        onMessage: (listener) => forked.on('message', listener),
        onExit: (listener) => forked.once('exit', (code) => listener(code)),
        kill: () => forked.kill('SIGKILL'),
      };
    };
    const slow = await startFixtureSite({ pages: 40, latencyMs: 150, features: ['script'] });
    try {
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-render-test-'));
      desktop = await startTestDesktop({ launch, env: { MAPSMITH_ALLOW_LOOPBACK: '1' } });
      const { jobId } = await call<{ jobId: string }>(desktop, 'crawl.start', { url: slow.url });
      await expect.poll(() => browsersUsing(tmp).length, { timeout: 15_000 }).toBeGreaterThan(0);
      child?.kill('SIGKILL');
      await desktop.deps.crawls.settled(jobId);
      await expect.poll(() => browsersUsing(tmp), { timeout: 5_000 }).toEqual([]);
    } finally {
      await slow.close();
    }
  });

  it('closes the browser when the app quits mid-crawl, and the crawl waits to resume', async () => {
    const slow = await startFixtureSite({ pages: 40, latencyMs: 150, features: ['script'] });
    try {
      const d = await open('/usr/bin/chromium');
      const { jobId } = await call<{ jobId: string }>(d, 'crawl.start', { url: slow.url });
      await expect.poll(() => browsersUsing(tmp).length, { timeout: 15_000 }).toBeGreaterThan(0);
      await d.deps.crawls.stopAll();
      expect((await call<CrawlJob>(d, 'crawl.get', { jobId })).status).toBe('pending');
      // The crawler process has exited by now; its browser must be gone with it.
      await expect.poll(() => browsersUsing(tmp), { timeout: 3_000 }).toEqual([]);
      expect(fs.readdirSync(tmp)).toEqual([]);
    } finally {
      await slow.close();
    }
  });
});
