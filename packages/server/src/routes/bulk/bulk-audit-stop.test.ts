import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../../tests/fixtures/site/index.js';
import {
  call,
  createTestUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../repos/test-support.js';

let t: TestServer;
let slow: FixtureSite;
let quick: FixtureSite;
let pro: TestUser;
let other: TestUser;

beforeAll(async () => {
  // `slow` is too large and slow to finish during the test; `quick` ends in a moment.
  [t, slow, quick] = await Promise.all([
    startTestServer(),
    startFixtureSite({ pages: 5000, latencyMs: 100 }),
    startFixtureSite({ pages: 3 }),
  ]);
  pro = await createTestUser(t.server.context.db, { pro: true });
  other = await createTestUser(t.server.context.db, { pro: true });
});
afterAll(async () => {
  await Promise.all([t.close(), slow.close(), quick.close()]);
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const end = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Bulk {
  finished: boolean;
  sites: Array<{ url: string; status: string }>;
}

// Issue 30: a bulk list and an audit can be stopped by their owner.
describe('POST /api/bulk/:bulkId/stop', () => {
  it('stops every crawl of the list not yet ended; the ended ones stay; then 409 bulk.ended', async () => {
    const started = await call(t.server.url, pro, 'POST', '/api/bulk', {
      list: `${quick.url}\n${slow.url}\n${slow.origin}/p/1`,
    });
    expect(started.status).toBe(201);
    const { bulkId } = await started.json();
    const get = async (): Promise<Bulk> =>
      (await call(t.server.url, pro, 'GET', `/api/bulk/${bulkId}`)).json();
    await until(
      get,
      (b) => b.sites[0]?.status === 'completed' && b.sites[1]?.status === 'crawling',
    );

    const refused = await call(t.server.url, other, 'POST', `/api/bulk/${bulkId}/stop`, {});
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ code: 'bulk.not-found' });

    const asked = Date.now();
    const res = await call(t.server.url, pro, 'POST', `/api/bulk/${bulkId}/stop`, {});
    expect(res.status).toBe(200);
    const done = await until(get, (b) => b.finished);
    expect(Date.now() - asked).toBeLessThan(8000);
    expect(done.sites.map((s) => s.status)).toEqual(['completed', 'completed', 'completed']);
    const ends = await Promise.all(
      done.sites.map(async (_s, i) => {
        const row = await t.server.context.db.first<{ id: string }>(
          'SELECT id FROM crawl_jobs WHERE bulk_id = ? AND bulk_line = ?',
          [bulkId, i + 1],
        );
        const job = await (await call(t.server.url, pro, 'GET', `/api/crawl/${row?.id}`)).json();
        return job.outcome?.endReason;
      }),
    );
    expect(ends).toEqual(['finished', 'stopped', 'stopped']);

    const again = await call(t.server.url, pro, 'POST', `/api/bulk/${bulkId}/stop`, {});
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'bulk.ended' });
  });
});

describe('POST /api/audit/:jobId/stop', () => {
  const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
  const sitemap = (n: number) =>
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="${NS}">${Array.from(
      { length: n },
      (_, i) => `<url><loc>${slow.origin}/p/${i}</loc></url>`,
    ).join('')}</urlset>`;

  it('ends a running audit within seconds with the URLs checked so far; then 409 audit.ended', async () => {
    const started = await call(t.server.url, pro, 'POST', '/api/audit', { content: sitemap(2000) });
    expect(started.status).toBe(201);
    const { jobId } = await started.json();
    const get = async () => (await call(t.server.url, pro, 'GET', `/api/audit/${jobId}`)).json();
    await until(get, (j) => j.status === 'running' && j.checked >= 3);

    const refused = await call(t.server.url, other, 'POST', `/api/audit/${jobId}/stop`, {});
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ code: 'audit.not-found' });

    const asked = Date.now();
    expect((await call(t.server.url, pro, 'POST', `/api/audit/${jobId}/stop`, {})).status).toBe(
      200,
    );
    const job = await until(get, (j) => j.status === 'completed');
    expect(Date.now() - asked).toBeLessThan(5000);
    expect(job.checked).toBeLessThan(2000);
    expect(job.error).toBe(
      `Stopped by you after ${job.checked.toLocaleString('en-US')} URLs checked; the URLs checked so far are shown.`,
    );
    const rows = await (
      await call(t.server.url, pro, 'GET', `/api/audit/${jobId}/urls?limit=200`)
    ).json();
    expect(rows.total).toBe(job.checked);

    const again = await call(t.server.url, pro, 'POST', `/api/audit/${jobId}/stop`, {});
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'audit.ended' });
  });
});
