/**
 * Our own site passes our own advice (issue 26 point 7, walkthrough defect 34): the BUILT
 * server's public pages, crawled by the core crawler with its static fetcher only (no
 * rendering, like a crawler that runs no scripts), score at least 95, every public page is
 * found through links in the HTML, and no page is an app shell, links to a noindex page or
 * shares its title. Needs `npm run build:ts` and `npm run build:web` first.
 */
import { analyzeSeoStream, createMemoryStore, type PageRecord } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../e2e/support/app-server.js';
import { crawlFixture, type FixtureCrawl } from '../fixtures/site/crawl-helper.js';

let app: TestApp;
let crawl: FixtureCrawl;
const pages: PageRecord[] = [];

beforeAll(async () => {
  app = await startTestApp();
  const store = createMemoryStore();
  crawl = await crawlFixture(`${app.url}/`, { render: 'never' }, { store });
  for await (const page of store.pages()) pages.push(page);
}, 60_000);

afterAll(async () => {
  await app?.stop();
});

const pathOf = (url: string) => new URL(url).pathname;

describe('crawling our own built server statically', () => {
  it('finds every public page through links in the HTML, with no app-shell note', async () => {
    const sitemap = await (await fetch(`${app.url}/sitemap.xml`)).text();
    const publicPaths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
      pathOf(m[1] ?? ''),
    );
    expect(publicPaths.length).toBeGreaterThan(15);
    const crawled = new Set(pages.filter((p) => p.status === 200).map((p) => pathOf(p.url)));
    expect(publicPaths.filter((p) => !crawled.has(p))).toEqual([]);
    expect(crawl.summary.notes ?? []).not.toContainEqual(expect.stringMatching(/JavaScript app/));
    const withoutH1 = pages.filter((p) => p.status === 200 && !p.robots.noindex && !p.h1);
    expect(withoutH1.map((p) => p.url)).toEqual([]);
  });

  it('scores at least 95 with no rendering, noindex-link or duplicate-title issue', async () => {
    const analysis = await analyzeSeoStream(pages);
    const issues = analysis.issues.map((i) => `${i.rule}: ${i.message} ${i.urls?.join(' ')}`);
    expect(
      issues.filter((i) => /needs-rendering|noindex-linked|duplicate-title|sitemap-only/.test(i)),
    ).toEqual([]);
    expect({ score: analysis.score, issues }).toEqual({
      score: expect.any(Number),
      issues: expect.any(Array),
    });
    expect(analysis.score, issues.join('\n')).toBeGreaterThanOrEqual(95);
  });
});
