import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlFixture } from '../../../../tests/fixtures/site/crawl-helper.js';
import {
  ALL_FEATURES,
  type FixtureSite,
  startFixtureSite,
} from '../../../../tests/fixtures/site/index.js';
import { createHttpFetcher } from '../net/http-fetcher.js';
import { createUrlPolicy } from '../net/url-policy.js';
import type { CrawlStore } from '../ports/crawl-store.js';
import { createMemoryStore } from '../store/memory-store.js';
import { createCrawler } from './create-crawler.js';
import { PARSE_WORKERS_START_AFTER } from './parse-pool.js';
import type { CrawlSummary, PageRecord } from './types.js';

/** OS threads of this process now (each parse worker is one). */
function threads(): number {
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  return Number(/^Threads:\s+(\d+)/m.exec(status)?.[1]);
}

/** The stored records, by URL, without the one field a second fetch changes. */
async function records(store: CrawlStore): Promise<Omit<PageRecord, 'responseTimeMs'>[]> {
  const out: Omit<PageRecord, 'responseTimeMs'>[] = [];
  for await (const { responseTimeMs: _, ...page } of store.pages()) out.push(page);
  return out.sort((a, b) => a.url.localeCompare(b.url));
}

let site: FixtureSite;
let baseline: number;
beforeAll(async () => {
  // Every feature but the traps, whose session page answers each visit with new text.
  const features = ALL_FEATURES.filter((f) => f !== 'traps');
  site = await startFixtureSite({ pages: 300, features });
  // One in-thread crawl first: whatever threads Node starts lazily are running before counting.
  await crawlFixture(site.url, { maxPages: 20 });
  baseline = threads();
});
afterAll(() => site.close());

describe('parse workers', () => {
  it('give the same records as the in-thread path, and end with the crawl', async () => {
    const inThread = createMemoryStore();
    const opts = { concurrency: 1, perHostConcurrency: 1 };
    const plain = await crawlFixture(site.url, opts, { store: inThread });
    const pooled = createMemoryStore();
    let during = 0;
    const crawl = crawlFixture(site.url, opts, {
      store: pooled,
      tuning: { retryBaseMs: 20, parseWorkers: 2 },
    });
    // Sampled while the crawl runs, past the pages parsed before the workers start.
    const sample = setInterval(() => {
      during = Math.max(during, threads());
    }, 5);
    const workers = await crawl.finally(() => clearInterval(sample));
    expect(plain.summary.pagesCrawled).toBeGreaterThan(PARSE_WORKERS_START_AFTER * 2);
    expect(workers.summary).toEqual({ ...plain.summary, durationMs: workers.summary.durationMs });
    expect(await records(pooled)).toEqual(await records(inThread));
    expect(during).toBeGreaterThanOrEqual(baseline + 2);
    expect(threads()).toBe(baseline);
  }, 60_000);

  it('start only past the first pages: a small crawl starts no thread', async () => {
    let during = 0;
    const sample = setInterval(() => {
      during = Math.max(during, threads());
    }, 2);
    await crawlFixture(
      site.url,
      { maxPages: PARSE_WORKERS_START_AFTER / 2 },
      { tuning: { parseWorkers: 2 } },
    ).finally(() => clearInterval(sample));
    expect(during).toBe(baseline);
  }, 30_000);

  it('end when the crawl is cancelled', async () => {
    const controller = new AbortController();
    const crawler = createCrawler({
      policy: createUrlPolicy({ allowLoopback: true }),
      fetcher: createHttpFetcher({ policy: createUrlPolicy({ allowLoopback: true }) }),
      tuning: { parseWorkers: 2 },
    });
    let pages = 0;
    let summary: CrawlSummary | undefined;
    for await (const event of crawler.crawl(
      { startUrl: site.url, render: 'never', concurrency: 4 },
      controller.signal,
    )) {
      if (event.type === 'page' && ++pages === PARSE_WORKERS_START_AFTER * 2) controller.abort();
      if (event.type === 'done') summary = event.summary;
    }
    expect(summary?.endedBy).toBe('cancelled');
    expect(threads()).toBe(baseline);
  }, 30_000);

  it('end when the crawl fails', async () => {
    const store = createMemoryStore();
    const save = store.savePage.bind(store);
    let saves = 0;
    // A disk that fills up mid-crawl, once the workers parse.
    store.savePage = async (...args) => {
      if (++saves > PARSE_WORKERS_START_AFTER * 2) throw new Error('SQLITE_FULL: disk is full');
      return save(...args);
    };
    const crawl = await crawlFixture(site.url, {}, { store, tuning: { parseWorkers: 2 } });
    expect(crawl.summary.endedBy).toBe('error');
    expect(threads()).toBe(baseline);
  }, 30_000);

  it('let the process exit by itself once the crawl is done', async () => {
    const helper = path.resolve(
      import.meta.dirname,
      '../../../../tests/fixtures/site/crawl-helper.ts',
    );
    const script = `const { crawlFixture } = await import(${JSON.stringify(helper)});
const crawl = await crawlFixture(${JSON.stringify(site.url)}, {}, { tuning: { parseWorkers: 2 } });
process.stdout.write(String(crawl.summary.pagesCrawled));`;
    const child = spawn(
      process.execPath,
      ['--conditions', 'source', '--import', 'tsx', '--input-type=module', '-e', script],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d;
    });
    const code = await new Promise<number | null>((resolve) => {
      const hang = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(null);
      }, 40_000);
      child.on('exit', (c) => {
        clearTimeout(hang);
        resolve(c);
      });
    });
    expect(code).toBe(0);
    expect(Number(out)).toBeGreaterThan(PARSE_WORKERS_START_AFTER * 2);
  }, 50_000);
});
