import { makePage } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestUser,
  seedCompletedJob,
  startTestServer,
  type TestServer,
} from '../../repos/test-support.js';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/analytics', () => {
  it('totals crawls and pages, success rate, mean crawl time and monthly usage', async () => {
    const db = t.server.context.db;
    const u = await createTestUser(db);
    await seedCompletedJob(db, u.id, [
      makePage('https://a.example/'),
      makePage('https://a.example/1'),
    ]);
    await seedCompletedJob(db, u.id, [makePage('https://b.example/')]);
    const failed = await seedCompletedJob(db, u.id, [makePage('https://c.example/')]);
    await db.run("UPDATE crawl_jobs SET status = 'failed', error = 'x' WHERE id = ?", [failed]);
    const res = await call(t.server.url, u, 'GET', '/api/analytics');
    expect(res.status).toBe(200);
    const a = await res.json();
    expect(a).toMatchObject({ totalCrawls: 3, totalPages: 4, successRate: 66.7, avgCrawlTime: 2 });
    expect(a.monthlyUsage).toHaveLength(6);
    const now = new Date();
    const label = now.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect(a.monthlyUsage[5]).toEqual({ month: label, pages: 4 });
    expect(a.monthlyUsage[0].pages).toBe(0);
    expect(a.usage).toEqual({
      used: 4,
      limit: 500,
      resetsAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    });
  });

  it('shows no quota for Pro and zeros for a user without crawls', async () => {
    const pro = await createTestUser(t.server.context.db, { pro: true });
    const a = await (await call(t.server.url, pro, 'GET', '/api/analytics')).json();
    expect(a).toMatchObject({ totalCrawls: 0, totalPages: 0, successRate: 0, avgCrawlTime: 0 });
    expect(a.usage.limit).toBeNull();
  });

  it('needs a signed-in user', async () => {
    expect((await call(t.server.url, null, 'GET', '/api/analytics')).status).toBe(401);
  });
});
