import { afterEach, describe, expect, it } from 'vitest';
import { crawlFixture } from '../../../../tests/fixtures/site/crawl-helper.js';
import {
  type FixtureSite,
  type RobotsVariant,
  startFixtureSite,
} from '../../../../tests/fixtures/site/index.js';
import { createHttpFetcher } from '../net/http-fetcher.js';
import { createUrlPolicy } from '../net/url-policy.js';
import { createMemoryStore } from '../store/memory-store.js';
import { createCrawler } from './create-crawler.js';

let site: FixtureSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

describe('robots.txt variants', () => {
  it.each<[RobotsVariant, number]>([
    ['ok', 0],
    ['redirect', 0],
    ['oversized', 0],
    ['missing', 2],
    ['allow-all', 2],
  ])('with %s, lists the expected URLs (%d private pages fetched)', async (robots, privateHits) => {
    site = await startFixtureSite({ pages: 25, robots, features: ['robots-pages'] });
    const crawl = await crawlFixture(site.url);
    expect(crawl.listed).toEqual(site.expectedSitemapUrls);
    expect(site.hits('/private/secret') + site.hits('/private/inner')).toBe(privateHits);
  });

  it('treats a 5xx robots.txt as everything disallowed', async () => {
    site = await startFixtureSite({ pages: 5, robots: 'error' });
    const crawl = await crawlFixture(site.url);
    expect(crawl.listed).toEqual([]);
    expect(crawl.pages.get(site.url)?.verdict).toMatchObject({ reason: 'blocked by robots.txt' });
    expect(site.hits('/')).toBe(0);
  });

  it('treats a robots.txt that never answers as everything disallowed', async () => {
    site = await startFixtureSite({ pages: 5, robots: 'timeout' });
    const policy = createUrlPolicy({ allowLoopback: true });
    const fetcher = createHttpFetcher({ policy, headersTimeoutMs: 300, bodyTimeoutMs: 300 });
    const crawl = await crawlFixture(site.url, { maxRetries: 0 }, { fetcher });
    await fetcher.close();
    expect(crawl.summary).toMatchObject({ pagesCrawled: 1, included: 0, excluded: { robots: 1 } });
    expect(site.hits('/')).toBe(0);
  });

  it('honours Crawl-delay between requests to the host', async () => {
    site = await startFixtureSite({ pages: 4, robots: 'ok', crawlDelaySeconds: 0.3 });
    await crawlFixture(site.url, { useSitemaps: false });
    // The four pages, then the check of each page's image: one gate, one delay for all.
    const times = site
      .requests()
      .filter((r) => r.url !== '/robots.txt')
      .map((r) => r.at);
    expect(times).toHaveLength(8);
    // Starts are spaced by 300 ms; arrival times jitter on a loaded machine, so allow some slack.
    for (let i = 1; i < times.length; i++)
      expect((times[i] as number) - (times[i - 1] as number)).toBeGreaterThanOrEqual(200);
    expect((times[3] as number) - (times[0] as number)).toBeGreaterThanOrEqual(850);
  });
});

describe('fetching', () => {
  it('keeps at most perHostConcurrency requests in flight to one host', async () => {
    site = await startFixtureSite({ pages: 60, latencyMs: 30 });
    const crawl = await crawlFixture(site.url, {
      concurrency: 16,
      perHostConcurrency: 3,
      useSitemaps: false,
    });
    expect(crawl.summary.pagesCrawled).toBe(60);
    expect(site.peakConcurrency()).toBe(3);
  });

  it.each(['gzip', 'br', 'deflate'] as const)(
    'crawls a %s-compressed site completely',
    async (compression) => {
      site = await startFixtureSite({ pages: 40, compression });
      const crawl = await crawlFixture(site.url);
      expect(crawl.listed).toEqual(site.expectedSitemapUrls);
    },
  );
});

describe('control', () => {
  it('cancels with an AbortSignal and reports it', async () => {
    site = await startFixtureSite({ pages: 2000, latencyMs: 5 });
    const controller = new AbortController();
    const policy = createUrlPolicy({ allowLoopback: true });
    const fetcher = createHttpFetcher({ policy });
    const crawler = createCrawler({ fetcher, policy });
    let pages = 0;
    let summary: { endedBy: string; pagesCrawled: number } | undefined;
    for await (const event of crawler.crawl(
      { startUrl: site.url, maxPages: 5000, render: 'never' },
      controller.signal,
    )) {
      if (event.type === 'page' && ++pages === 20) controller.abort();
      if (event.type === 'done') summary = event.summary;
    }
    await fetcher.close();
    expect(summary?.endedBy).toBe('cancelled');
    expect(summary?.pagesCrawled).toBeLessThan(100);
  });

  it('stops at the time limit', async () => {
    site = await startFixtureSite({ pages: 2000, latencyMs: 20 });
    const crawl = await crawlFixture(site.url, { timeLimitMs: 400 });
    expect(crawl.summary.endedBy).toBe('time-limit');
    expect(crawl.summary.durationMs).toBeLessThan(3000);
  });

  it('refuses a bad, refused or unreachable start URL with a readable error', async () => {
    const bad = await crawlFixture('not a url');
    expect(bad.summary).toMatchObject({
      endedBy: 'error',
      error: 'not an absolute http(s) URL: not a url',
    });
    const policy = createUrlPolicy();
    const fetcher = createHttpFetcher({ policy });
    const crawler = createCrawler({ fetcher, policy });
    let error: string | null = null;
    for await (const event of crawler.crawl({ startUrl: 'http://127.0.0.1:9/' }))
      if (event.type === 'done') error = event.summary.error;
    expect(error).toContain('loopback');
    const closed = await crawlFixture('http://127.0.0.1:9/');
    expect(closed.summary.endedBy).toBe('error');
    expect(closed.summary.error).toMatch(
      /^We could not reach the (start page|site's robots.txt) \(connection refused\)/,
    );
    const options = await crawlFixture('http://127.0.0.1:9/', { concurrency: 0 });
    expect(options.summary.error).toBe('concurrency must be a whole number of at least 1 (got 0)');
  });

  it('resumes from its store without fetching a page twice', async () => {
    site = await startFixtureSite({ pages: 30 });
    const store = createMemoryStore();
    const first = await crawlFixture(site.url, { maxPages: 10 }, { store });
    expect(first.summary.endedBy).toBe('page-limit');
    const second = await crawlFixture(site.url, { maxPages: 100 }, { store });
    expect(second.summary).toMatchObject({ endedBy: 'finished', pagesCrawled: 30, included: 30 });
    for (let i = 1; i < 30; i++) expect(site.hits(`/p/${i}`)).toBe(1);
    const inlinked = [];
    for await (const page of store.pages()) inlinked.push(page.inlinks);
    expect(Math.min(...inlinked)).toBeGreaterThanOrEqual(1);
  });
});
