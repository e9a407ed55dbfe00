// Issue 26 point 1 over HTTP: the history page's list, the deletion of a crawl with its built
// exports, and the comparison of any two crawls of a site, against the started server.
import fs from 'node:fs';
import path from 'node:path';
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

describe('GET /api/crawls', () => {
  it('pages, searches and sorts the signed-in user’s crawls, with the totals', async () => {
    const db = t.server.context.db;
    const u = await createTestUser(db);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        await seedCompletedJob(
          db,
          u.id,
          [makePage(`https://s${i}.example/`)],
          Date.now() - i * 60_000,
        ),
      );
    await seedCompletedJob(db, (await createTestUser(db)).id, [makePage('https://s0.example/')]);

    const res = await call(t.server.url, u, 'GET', '/api/crawls?pageSize=2&page=3');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ matching: 5, total: 5, page: 3, pageSize: 2, pages: 3 });
    expect(body.items.map((i: { id: string }) => i.id)).toEqual([ids[4]]);
    expect(body.items[0]).toMatchObject({ url: 'https://s4.example/', score: null });

    const found = await (
      await call(t.server.url, u, 'GET', '/api/crawls?q=S1.EXAMPLE&sort=date&dir=asc')
    ).json();
    expect(found.items.map((i: { id: string }) => i.id)).toEqual([ids[1]]);
  });

  it('refuses an unknown sort and a page past the end with a 400 and its code', async () => {
    const u = await createTestUser(t.server.context.db);
    const sort = await call(t.server.url, u, 'GET', '/api/crawls?sort=size');
    expect(sort.status).toBe(400);
    expect(await sort.json()).toMatchObject({
      code: 'input.invalid',
      message: expect.stringContaining('sort must be one of: date, pages, score'),
    });
    const past = await call(t.server.url, u, 'GET', '/api/crawls?page=2');
    expect(past.status).toBe(400);
    expect(await past.json()).toMatchObject({ code: 'history.page-past-end' });
    expect((await call(t.server.url, null, 'GET', '/api/crawls')).status).toBe(401);
  });
});

describe('DELETE /api/crawl/:jobId', () => {
  it('deletes the crawl with its built exports; another user gets a 404', async () => {
    const db = t.server.context.db;
    const u = await createTestUser(db);
    const other = await createTestUser(db);
    const id = await seedCompletedJob(db, u.id, [makePage('https://del.example/')]);
    const built = await call(t.server.url, u, 'GET', `/api/generate/${id}/xml`);
    expect(built.status).toBe(200);
    const exportDir = path.join(t.dataDir, 'exports', String(u.id), id);
    expect(fs.existsSync(exportDir)).toBe(true);

    const refused = await call(t.server.url, other, 'DELETE', `/api/crawl/${id}`, {});
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ code: 'crawl.not-found' });
    expect(fs.existsSync(exportDir)).toBe(true);

    const res = await call(t.server.url, u, 'DELETE', `/api/crawl/${id}`, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      message: 'The crawl of https://del.example/ and its files were deleted',
    });
    expect(fs.existsSync(exportDir)).toBe(false);
    expect((await call(t.server.url, u, 'GET', `/api/crawl/${id}`)).status).toBe(404);
    const pages = await db.first<{ n: number }>(
      'SELECT COUNT(*) AS n FROM crawl_pages WHERE job_id = ?',
      [id],
    );
    expect(pages?.n).toBe(0);
  });
});

describe('GET /api/crawl/:jobId/changes?against=', () => {
  it('compares with any crawl of the same site, and refuses one of another site', async () => {
    const db = t.server.context.db;
    const u = await createTestUser(db);
    const site = 'https://cmp.example/';
    const old = await seedCompletedJob(
      db,
      u.id,
      [makePage(site), makePage(`${site}gone`)],
      Date.now() - 120_000,
    );
    const now = await seedCompletedJob(db, u.id, [makePage(site), makePage(`${site}new`)]);
    const other = await seedCompletedJob(db, u.id, [makePage('https://elsewhere.example/')]);
    const res = await call(t.server.url, u, 'GET', `/api/crawl/${now}/changes?against=${old}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      summary: { previousJobId: old, added: 1, removed: 1, unchanged: 1 },
      removed: [{ url: `${site}gone` }],
    });
    const refused = await call(
      t.server.url,
      u,
      'GET',
      `/api/crawl/${now}/changes?against=${other}`,
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'crawl.other-site' });
  });
});
