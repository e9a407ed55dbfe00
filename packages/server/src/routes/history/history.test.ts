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

describe('GET /api/history', () => {
  it("lists only the user's crawls, newest first, with completion time", async () => {
    const db = t.server.context.db;
    const u = await createTestUser(db);
    const other = await createTestUser(db);
    const older = await seedCompletedJob(
      db,
      u.id,
      [makePage('https://a.example/')],
      Date.now() - 60_000,
    );
    const newer = await seedCompletedJob(db, u.id, [
      makePage('https://b.example/'),
      makePage('https://b.example/x'),
    ]);
    await seedCompletedJob(db, other.id, [makePage('https://c.example/')]);
    const res = await call(t.server.url, u, 'GET', '/api/history');
    expect(res.status).toBe(200);
    const items = await res.json();
    expect(items.map((i: { id: string }) => i.id)).toEqual([newer, older]);
    expect(items[0]).toEqual({
      id: newer,
      url: 'https://b.example/',
      status: 'completed',
      pagesCrawled: 2,
      createdAt: expect.any(String),
      completionTime: 2,
      listed: 2,
      nothingListed: null,
    });
  });

  it('says which completed crawls listed nothing, with the crawl page sentence', async () => {
    const db = t.server.context.db;
    const u = await createTestUser(db);
    const blocked = makePage('https://d.example/', {
      depth: 0,
      verdict: { included: false, code: 'robots', reason: 'blocked by robots.txt' },
    });
    const id = await seedCompletedJob(db, u.id, [blocked]);
    // Before its outcome is kept the list counts the listed rows; then it reads the outcome.
    let [item] = await (await call(t.server.url, u, 'GET', '/api/history')).json();
    expect(item).toMatchObject({ id, listed: 0, nothingListed: null });
    await call(t.server.url, u, 'GET', `/api/crawl/${id}`);
    [item] = await (await call(t.server.url, u, 'GET', '/api/history')).json();
    expect(item).toMatchObject({
      id,
      listed: 0,
      nothingListed: expect.stringContaining('robots.txt'),
    });
  });

  it('needs a signed-in user', async () => {
    const res = await call(t.server.url, null, 'GET', '/api/history');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: expect.any(String) });
  });
});
