import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { crawlFixture } from '../../../../tests/fixtures/site/crawl-helper.js';
import { type FixtureSite, startFixtureSite } from '../../../../tests/fixtures/site/index.js';
import type { CrawlStore } from '../ports/crawl-store.js';
import { createMemoryStore } from '../store/memory-store.js';

type Method = 'savePage' | 'enqueue' | 'addInlinks' | 'counts' | 'take';

/** A memory store whose `method` throws from its `nth` call on, as a full disk would. */
function failingStore(method: Method, nth: number): CrawlStore {
  const store = createMemoryStore();
  let calls = 0;
  const original = store[method].bind(store) as (...args: unknown[]) => Promise<unknown>;
  (store as unknown as Record<Method, unknown>)[method] = async (...args: unknown[]) => {
    calls++;
    if (calls >= nth) throw new Error('SQLITE_FULL: database or disk is full');
    return original(...args);
  };
  return store;
}

let site: FixtureSite;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  site = await startFixtureSite({ pages: 40 });
  process.on('unhandledRejection', onUnhandled);
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await site.close();
});
afterEach(() => {
  unhandled.length = 0;
});

describe('a store that fails mid-crawl', () => {
  it.each<[Method, number]>([
    ['savePage', 5],
    ['enqueue', 3],
    ['addInlinks', 2],
    ['counts', 2],
    ['take', 4],
  ])(
    'ends the crawl with an error when %s fails on call %d, never an unhandled rejection',
    async (method, nth) => {
      const crawl = await crawlFixture(
        site.url,
        { concurrency: 4 },
        { store: failingStore(method, nth) },
      );
      // Let any stray rejection reach the process before looking.
      await new Promise((r) => setImmediate(r));
      expect(unhandled).toEqual([]);
      expect(crawl.summary.endedBy).toBe('error');
      expect(crawl.summary.error).toContain('SQLITE_FULL');
    },
  );
});
