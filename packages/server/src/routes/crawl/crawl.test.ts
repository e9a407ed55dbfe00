import { monthKey } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../repos/test-support.js';

let t: TestServer;
let base: string;

beforeAll(async () => {
  t = await startTestServer();
  base = t.server.url;
});

afterAll(async () => {
  await t.close();
});

const user = () => createTestUser(t.server.context.db);
const start = (u: TestUser | null, body: unknown) => call(base, u, 'POST', '/api/crawl', body);

describe('POST /api/crawl: input', () => {
  it('sends the rate headers on a non-JSON body too (415 from the CSRF guard)', async () => {
    const u = await user();
    const res = await fetch(`${base}/api/crawl`, {
      method: 'POST',
      headers: { Cookie: u.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'url=https://example.com/',
    });
    expect(res.status).toBe(415);
    expect(res.headers.get('x-ratelimit-limit')).toBe('10');
    expect(res.headers.get('x-ratelimit-reset')).not.toBeNull();
  });

  it('needs a signed-in user (401 JSON)', async () => {
    const res = await start(null, { url: 'https://example.com/' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      error: expect.any(String),
      message: expect.any(String),
    });
  });

  it('answers 400 {error, message} for a missing, non-http, unparsable or too long url', async () => {
    const u = await user();
    const cases: Array<[unknown, RegExp]> = [
      [{}, /required/i],
      [{ url: '' }, /required/i],
      [{ url: 'ftp://example.com/' }, /http/],
      [{ url: 'javascript:alert(1)' }, /http/],
      [{ url: 'not a url' }, /http/],
      [{ url: 42 }, /url/i],
      [{ url: `https://example.com/${'a'.repeat(2100)}` }, /too long/],
    ];
    for (const [body, message] of cases) {
      const res = await start(u, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      const json = await res.json();
      expect(json.error).toBe('Invalid input');
      expect(json.message).toMatch(message);
      expect(res.headers.get('x-ratelimit-limit')).toBe('10');
    }
  });

  it('answers 400 for a malformed JSON body, never 500', async () => {
    const res = await start(await user(), '{"url": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'Invalid JSON' });
    expect(res.headers.get('x-ratelimit-limit')).toBe('10');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('10');
  });
});

describe('POST /api/crawl: plans and limits', () => {
  it('lets 50 concurrent starts by one free user succeed exactly 10 times', async () => {
    const u = await user();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => start(u, { url: 'https://example.com/' })),
    );
    const ok = answers.filter((r) => r.status === 201);
    const limited = answers.filter((r) => r.status === 429);
    expect(ok).toHaveLength(10);
    expect(limited).toHaveLength(40);
    for (const res of answers) {
      expect(res.headers.get('x-ratelimit-limit')).toBe('10');
      expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    }
    const remaining = ok.map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort();
    expect(remaining).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const retry = Number(limited[0]?.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(3500);
    expect(retry).toBeLessThanOrEqual(3600);
    expect(await limited[0]?.json()).toMatchObject({ error: 'Too many crawls' });
    const ids = await Promise.all(ok.map(async (r) => (await r.json()).jobId));
    expect(new Set(ids).size).toBe(10);
  });

  it('gives a Pro user 60 starts per hour', async () => {
    const pro = await createTestUser(t.server.context.db, { pro: true });
    const res = await start(pro, { url: 'https://example.com/' });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-ratelimit-limit')).toBe('60');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('59');
  });

  it('refuses a free user whose month is used up: 403 Monthly limit reached', async () => {
    const u = await user();
    await t.server.context.db.run(
      'INSERT INTO usage_months (user_id, month, pages) VALUES (?, ?, 500)',
      [u.id, monthKey(Date.now())],
    );
    const res = await start(u, { url: 'https://example.com/' });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('10');
    const json = await res.json();
    expect(json.error).toBe('Monthly limit reached');
    expect(json.message).toMatch(/500 pages/);
  });

  it('refuses a Pro user whose crawls hold the storage budget: 403 limit.storage', async () => {
    // Issue 30 point 2: one account must not fill the disk with back-to-back crawls.
    const pro = await createTestUser(t.server.context.db, { pro: true });
    const first = await start(pro, { url: 'https://example.com/' });
    expect(first.status).toBe(201);
    const { jobId } = await first.json();
    await t.server.context.db.run('UPDATE crawl_jobs SET stored_bytes = ? WHERE id = ?', [
      2_048 * 1024 ** 2 + 5 * 1024 ** 2,
      jobId,
    ]);
    const res = await start(pro, { url: 'https://example.com/' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      code: 'limit.storage',
      message:
        'Your crawls use 2,053 MB of your 2,048 MB of storage; delete old crawls to start a new one.',
    });
    await t.server.context.db.run('DELETE FROM crawl_jobs WHERE id = ?', [jobId]);
    expect((await start(pro, { url: 'https://example.com/' })).status).toBe(201);
  });

  it('caps a free crawl at what the month has left', async () => {
    const u = await user();
    await t.server.context.db.run(
      'INSERT INTO usage_months (user_id, month, pages) VALUES (?, ?, 470)',
      [u.id, monthKey(Date.now())],
    );
    const res = await start(u, { url: 'https://example.com/' });
    const { jobId } = await res.json();
    const row = await t.server.context.db.first<{ page_cap: number; month_quota: number }>(
      'SELECT page_cap, month_quota FROM crawl_jobs WHERE id = ?',
      [jobId],
    );
    expect(row).toEqual({ page_cap: 30, month_quota: 500 });
  });
});

describe('GET /api/crawl/:jobId', () => {
  it('answers the job in the spec shape to its owner, 404 to anyone else', async () => {
    const owner = await user();
    const other = await user();
    const { jobId } = await (await start(owner, { url: 'https://example.com/' })).json();
    const mine = await call(base, owner, 'GET', `/api/crawl/${jobId}`);
    expect(mine.status).toBe(200);
    const job = await mine.json();
    expect(job).toMatchObject({ jobId, pagesCrawled: 0, results: [] });
    expect(['pending', 'crawling', 'completed', 'failed']).toContain(job.status);
    expect(Date.parse(job.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const theirs = await call(base, other, 'GET', `/api/crawl/${jobId}`);
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toMatchObject({ error: 'Not found' });
    expect((await call(base, null, 'GET', `/api/crawl/${jobId}`)).status).toBe(401);
  });

  it('answers 404 for an unknown id and 400 for an over-long one', async () => {
    const u = await user();
    expect((await call(base, u, 'GET', '/api/crawl/no-such-job')).status).toBe(404);
    expect((await call(base, u, 'GET', `/api/crawl/${'x'.repeat(65)}`)).status).toBe(400);
  });
});
