import { analyzeSeo, makePage, type PageRecord, schemas } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../../tests/fixtures/site/index.js';
import {
  call,
  createTestUser,
  seedCompletedJob,
  startTestServer,
  type TestServer,
} from '../../repos/test-support.js';

let t: TestServer;
let site: FixtureSite;

beforeAll(async () => {
  [t, site] = await Promise.all([
    startTestServer(),
    startFixtureSite({ pages: 30, features: ['errors', 'media', 'structured', 'noindex'] }),
  ]);
});

afterAll(async () => {
  await Promise.all([t.close(), site.close()]);
});

describe('GET /api/seo-analysis/:jobId', () => {
  it('analyses a real crawl of a fixture site in the spec shape', async () => {
    const u = await createTestUser(t.server.context.db);
    const { jobId } = await (
      await call(t.server.url, u, 'POST', '/api/crawl', { url: site.url })
    ).json();
    const end = Date.now() + 15_000;
    let status = '';
    while (status !== 'completed' && status !== 'failed' && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await (await call(t.server.url, u, 'GET', `/api/crawl/${jobId}`)).json()).status;
    }
    expect(status).toBe('completed');
    const res = await call(t.server.url, u, 'GET', `/api/seo-analysis/${jobId}`);
    expect(res.status).toBe(200);
    const analysis = schemas.seoAnalysis.parse(await res.json());
    const pages = await t.server.context.db.first<{ n: number }>(
      'SELECT COUNT(*) AS n FROM crawl_pages WHERE job_id = ? AND is_page = 1',
      [jobId],
    );
    expect(analysis.stats.totalPages).toBe(pages?.n);
    expect(analysis.stats.pagesWithImages).toBeGreaterThan(0);
    expect(analysis.stats.pagesWithStructuredData).toBeGreaterThan(0);
    expect(analysis.stats.brokenLinks).toBeGreaterThan(0);
    expect(analysis.score).toBeGreaterThanOrEqual(0);
    expect(analysis.score).toBeLessThan(100);
    expect(analysis.issues.length).toBeGreaterThan(0);
    const again = await (await call(t.server.url, u, 'GET', `/api/seo-analysis/${jobId}`)).json();
    expect(again).toEqual(analysis);
  });

  it('scores a clean site higher than one with missing titles and descriptions', async () => {
    const u = await createTestUser(t.server.context.db);
    const clean = Array.from({ length: 10 }, (_, i) =>
      makePage(`https://clean.example/${i}`, {
        title: `A distinct, descriptive page title number ${i}`,
        metaDescription: `A distinct description of page ${i}, long enough to be a useful snippet for searchers.`,
        h1: `Heading ${i}`,
      }),
    );
    const poor = clean.map((p) => ({ ...p, title: null, metaDescription: null, h1: null }));
    const a = await seedCompletedJob(t.server.context.db, u.id, clean);
    const b = await seedCompletedJob(t.server.context.db, u.id, poor);
    const sa = await (await call(t.server.url, u, 'GET', `/api/seo-analysis/${a}`)).json();
    const sb = await (await call(t.server.url, u, 'GET', `/api/seo-analysis/${b}`)).json();
    expect(sa.score).toBeGreaterThan(sb.score);
    expect(sb.issues.some((i: { severity: string }) => i.severity === 'critical')).toBe(true);
  });

  it('streams a job bigger than one read batch into the same analysis as the whole array', async () => {
    const u = await createTestUser(t.server.context.db);
    const url = (i: number) => `https://big.example/p/${i}`;
    const pages = Array.from({ length: 1_200 }, (_, i) =>
      makePage(url(i), {
        // Duplicates whose first page is in the first batch and whose second is in the third.
        title: i === 1_100 ? 'Title 3' : i % 40 === 0 ? null : `Title ${i}`,
        metaDescription:
          i % 3 === 0 ? 'The same description on a third of the pages, long enough.' : null,
        // A canonical to a page that fails, read two batches later.
        canonical: i === 10 ? url(1_150) : url(i),
        status: i === 1_150 ? 404 : 200,
        responseTimeMs: 100 + (i % 7) * 250,
      }),
    );
    const id = await seedCompletedJob(t.server.context.db, u.id, pages);
    const stored: PageRecord[] = [];
    for await (const page of t.server.context.repos.jobs.store(id).pages()) stored.push(page);
    const res = await call(t.server.url, u, 'GET', `/api/seo-analysis/${id}`);
    expect(res.status).toBe(200);
    const analysis = await res.json();
    expect(analysis).toEqual(analyzeSeo(stored));
    // The 404 of page 1,150 is not a page.
    expect(analysis.stats.totalPages).toBe(1_199);
    const issue = (rule: string) => analysis.issues.find((i: { rule: string }) => i.rule === rule);
    expect(issue('duplicate-title').urls).toEqual([url(3), url(1_100)]);
    expect(issue('canonical-conflicts').urls).toEqual([url(10)]);
    expect(issue('duplicate-description').message).toBe(
      '400 pages share one duplicate description',
    );
    expect(issue('duplicate-description').urls).toHaveLength(50);
  });

  it("answers 404 for another user's job, 401 signed out, 409 while crawling", async () => {
    const owner = await createTestUser(t.server.context.db);
    const other = await createTestUser(t.server.context.db);
    const id = await seedCompletedJob(t.server.context.db, owner.id, [
      makePage('https://a.example/'),
    ]);
    expect((await call(t.server.url, other, 'GET', `/api/seo-analysis/${id}`)).status).toBe(404);
    expect((await call(t.server.url, null, 'GET', `/api/seo-analysis/${id}`)).status).toBe(401);
    await t.server.context.db.run("UPDATE crawl_jobs SET status = 'crawling' WHERE id = ?", [id]);
    const running = await call(t.server.url, owner, 'GET', `/api/seo-analysis/${id}`);
    expect(running.status).toBe(409);
    expect(await running.json()).toMatchObject({ error: 'Crawl not finished' });
  });
});
