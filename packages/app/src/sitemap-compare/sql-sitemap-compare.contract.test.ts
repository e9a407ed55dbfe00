// Runs on the server's test databases (SQLite and a throwaway Postgres, every migration applied).
import type { SitemapCompareSummary, SitemapFinding, SitemapFlag } from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openTwoHandles,
  seedCrawlJob,
  seedPages,
  seedUser,
} from '../testing/pro-contract-support.js';
import {
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../testing/test-databases.js';
import { SqlSitemapCompareRepository } from './sql-sitemap-compare.js';

function finding(url: string, flags: SitemapFlag[]): SitemapFinding {
  return {
    url,
    inSitemap: !flags.includes('missing'),
    flags,
    crawlVerdict: 'listed',
    sitemaps: ['https://s.example/sitemap.xml'],
    listedTimes: flags.includes('duplicate') ? 2 : 1,
    lastmod: '2026-01-01',
    contentChanged: null,
  };
}

function summary(withFindings: number): SitemapCompareSummary {
  return {
    checkedAt: '2026-02-01T00:00:00.000Z',
    files: [{ url: 'https://s.example/sitemap.xml', kind: 'urlset', entries: 9, error: null }],
    truncated: false,
    inSitemap: 9,
    withFindings,
    counts: { 'not-indexable': 1, orphan: 1, missing: 1, duplicate: 1, 'lastmod-newer': 1 },
  };
}

const FINDINGS = [
  finding('https://s.example/a', ['orphan', 'duplicate']),
  finding('https://s.example/fine', []),
  finding('https://s.example/b', ['not-indexable']),
  finding('https://s.example/c', ['missing', 'lastmod-newer']),
  finding('https://s.example/d', ['orphan']),
];

describe.each(testDatabaseKinds)('the sitemap comparison repository on %s', (kind) => {
  let t: TestDatabase;
  let compare: SqlSitemapCompareRepository;
  let job: string;

  beforeEach(async () => {
    t = await openTestDatabase(kind);
    compare = new SqlSitemapCompareRepository(t.db);
    job = await seedCrawlJob(t.db, await seedUser(t.db));
  });
  afterEach(() => t.close());

  it("reads a crawl's URLs in crawl order, past one batch, with how and when from the record", async () => {
    const pages = Array.from({ length: 5003 }, (_, i) => ({ url: `https://s.example/p${i}` }));
    pages[1] = {
      url: 'https://s.example/p1',
      reason: 'noindex',
      verdict: 'noindex',
      inlinks: 7,
      record: { foundVia: 'sitemap', lastModified: '2026-01-05T00:00:00.000Z' },
    } as (typeof pages)[number];
    await seedPages(t.db, job, pages);
    const crawled = await compare.crawled(job);
    expect(crawled).toHaveLength(5003);
    expect(crawled.map((c) => c.url)).toEqual(pages.map((p) => p.url));
    expect(crawled.slice(0, 2)).toEqual([
      {
        url: 'https://s.example/p0',
        reason: 'listed',
        verdict: 'listed',
        inlinks: 0,
        foundVia: 'link',
        lastModified: null,
      },
      {
        url: 'https://s.example/p1',
        reason: 'noindex',
        verdict: 'noindex',
        inlinks: 7,
        foundVia: 'sitemap',
        lastModified: '2026-01-05T00:00:00.000Z',
      },
    ]);
  });

  it('keeps the URLs with a finding in order, by kind and in pages, and the figures', async () => {
    expect(await compare.summary(job)).toBeNull();
    await compare.save(job, null, summary(4), FINDINGS);
    expect(await compare.summary(job)).toEqual(summary(4));
    const all = await compare.page(job, { limit: 3 });
    expect(all.total).toBe(4);
    expect(all.rows.map((r) => r.url)).toEqual(
      ['a', 'b', 'c'].map((x) => `https://s.example/${x}`),
    );
    expect(all.rows[0]).toEqual(FINDINGS[0]);
    const rest = await compare.page(job, { limit: 3, cursor: all.nextCursor ?? undefined });
    expect(rest.rows.map((r) => r.url)).toEqual(['https://s.example/d']);
    expect(rest.nextCursor).toBeNull();
    const orphans = await compare.page(job, { flag: 'orphan' });
    expect(orphans.rows.map((r) => r.url)).toEqual(['https://s.example/a', 'https://s.example/d']);
    expect((await compare.page(job, { flag: 'lastmod-newer' })).total).toBe(1);
    const missing: string[] = [];
    for await (const f of compare.findings(job, 'missing')) missing.push(f.url);
    expect(missing).toEqual(['https://s.example/c']);
  });

  it('replaces the previous comparison of the crawl whole', async () => {
    await compare.save(job, null, summary(4), FINDINGS);
    await compare.save(job, null, summary(1), [finding('https://s.example/z', ['duplicate'])]);
    expect((await compare.summary(job))?.withFindings).toBe(1);
    const page = await compare.page(job, {});
    expect(page.rows.map((r) => r.url)).toEqual(['https://s.example/z']);
    expect((await compare.page(job, { flag: 'orphan' })).total).toBe(0);
  });

  it('ends two comparisons saved at once by two nodes as exactly one of them', async () => {
    await t.close();
    const two = await openTwoHandles(kind);
    try {
      const crawl = await seedCrawlJob(two.first, await seedUser(two.first));
      const [a, b] = [two.first, two.second].map((db) => new SqlSitemapCompareRepository(db));
      const many = Array.from({ length: 600 }, (_, i) =>
        finding(`https://s.example/many${i}`, ['orphan']),
      );
      await Promise.all([
        a?.save(crawl, null, summary(600), many),
        b?.save(crawl, null, summary(1), [finding('https://s.example/one', ['missing'])]),
      ]);
      const kept = await b?.summary(crawl);
      const total = (await b?.page(crawl, {}))?.total;
      expect(total === 600 || total === 1).toBe(true);
      expect(kept?.withFindings).toBe(total);
    } finally {
      await two.close();
      t = await openTestDatabase(kind);
    }
  });
});
