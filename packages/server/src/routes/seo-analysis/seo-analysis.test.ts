import { makePage, schemas } from '@mapsmith/core';
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
      'SELECT COUNT(*) AS n FROM crawl_pages WHERE job_id = ?',
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
