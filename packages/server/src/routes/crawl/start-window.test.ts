// Issue 27 point 2 (review §4 detour a): one crawl start reads the caller's crawl-start window
// once, whichever way it is answered. Counted on the server's real SQLite database: every
// statement reading the window, outside the admission's transaction and inside it.
import type { SqlDatabase, SqlQueryable } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../repos/test-support.js';

/** The crawl-start window's read (app sql/crawl-start.ts `START_WINDOW_SQL`). */
const WINDOW_READ = /MIN\(created_ms\) AS oldest FROM crawl_jobs\s+WHERE user_id = \?/;

let t: TestServer;
let windowReads = 0;

/** `q` with its reads counted when they read the window; everything else as it was. */
function counted<Q extends SqlQueryable>(q: Q): Q {
  return new Proxy(q, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      if (key === 'first' || key === 'all')
        return (sql: string, params?: unknown[]) => {
          if (WINDOW_READ.test(sql)) windowReads++;
          return value.call(target, sql, params);
        };
      if (key === 'transaction')
        return (work: (tx: SqlQueryable) => Promise<unknown>, options?: unknown) =>
          value.call(target, (tx: SqlQueryable) => work(counted(tx)), options);
      return value.bind(target);
    },
  });
}

beforeAll(async () => {
  t = await startTestServer();
  // The repositories hold this very object: its reads are the server's.
  const db = t.server.context.db;
  const watched = counted(db);
  for (const key of ['first', 'all', 'transaction'] as const)
    Object.defineProperty(db, key, { value: Reflect.get(watched, key), configurable: true });
});

afterAll(async () => {
  await t.close();
});

/** The window reads of one `POST /api/crawl`, and its answer. */
async function readsOf(u: TestUser, body: unknown) {
  windowReads = 0;
  const res = await call(t.server.url, u, 'POST', '/api/crawl', body);
  return {
    reads: windowReads,
    status: res.status,
    code: ((await res.json()) as { code?: string }).code,
    remaining: res.headers.get('x-ratelimit-remaining'),
  };
}

/** Ten crawls `u` started in the last minutes, as the admission counts them. */
async function fillHour(u: TestUser, db: SqlDatabase): Promise<void> {
  for (let i = 0; i < 10; i++) {
    const ms = Date.now() - (i + 1) * 60_000;
    await db.run(
      `INSERT INTO crawl_jobs (id, user_id, url, status, page_cap, pages_crawled, created_at, created_ms)
       VALUES (?, ?, 'https://example.com/', 'completed', 100, 3, ?, ?)`,
      [`w${u.id}-${i}`, u.id, new Date(ms).toISOString(), ms],
    );
  }
}

describe('POST /api/crawl reads the crawl-start window once', () => {
  it('when it starts the crawl (the admission counts it; no second read for the headers)', async () => {
    const u = await createTestUser(t.server.context.db);
    const started = await readsOf(u, { url: 'https://example.com/' });
    expect(started).toEqual({ reads: 1, status: 201, code: undefined, remaining: '9' });
  });

  it('when the hour is used up (429 limit.hourly)', async () => {
    const u = await createTestUser(t.server.context.db);
    await fillHour(u, t.server.context.db);
    const refused = await readsOf(u, { url: 'https://example.com/' });
    expect(refused).toEqual({ reads: 1, status: 429, code: 'limit.hourly', remaining: '0' });
  });

  it('when it is refused before the admission: settings without Pro, a bad address, bad JSON', async () => {
    const u = await createTestUser(t.server.context.db);
    const settings = await readsOf(u, { url: 'https://example.com/', settings: { maxDepth: 1 } });
    expect(settings).toEqual({
      reads: 1,
      status: 403,
      code: 'auth.pro-required',
      remaining: '10',
    });
    const address = await readsOf(u, { url: 'ftp://example.com/' });
    expect(address).toEqual({ reads: 1, status: 400, code: 'input.invalid', remaining: '10' });
    const json = await readsOf(u, '{"url": ');
    expect(json).toEqual({ reads: 1, status: 400, code: 'input.json', remaining: '10' });
  });
});
