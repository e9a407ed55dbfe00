import { describe, expect, it } from 'vitest';
import { describeCrawlStoreContract } from '../../../../tests/fixtures/store/crawl-store-contract.js';
import { blankRecord } from '../crawler/page-record.js';
import type { FrontierEntry } from '../ports/crawl-store.js';
import { createMemoryStore } from './memory-store.js';

const entry = (n: number): FrontierEntry => ({
  url: `http://example.com/${n}`,
  key: `http://example.com/${n}`,
  depth: 1,
  foundVia: 'link',
  referrer: null,
});

describe('the memory store', () => {
  it('deduplicates by key and hands out leases oldest first', async () => {
    const store = createMemoryStore();
    expect(await store.enqueue([entry(1), entry(2), entry(1)])).toBe(2);
    expect(await store.enqueue([entry(2), entry(3)])).toBe(1);
    expect((await store.take(2)).map((e) => e.key)).toEqual([entry(1).key, entry(2).key]);
    expect(await store.counts()).toEqual({ queued: 1, seen: 3, saved: 0 });
  });

  it('ends a lease on save and requeues unsaved leases first', async () => {
    const store = createMemoryStore();
    await store.enqueue([entry(1), entry(2), entry(3)]);
    const [a] = await store.take(2);
    if (!a) throw new Error('no entry');
    await store.savePage(a.key, blankRecord(a));
    expect(await store.requeueLeased()).toBe(1);
    expect((await store.take(5)).map((e) => e.key)).toEqual([entry(2).key, entry(3).key]);
    expect(await store.enqueue([entry(1)])).toBe(0);
    expect((await store.counts()).saved).toBe(1);
  });

  it('counts every distinct inlink and keeps five of them', async () => {
    const store = createMemoryStore();
    await store.enqueue([entry(1)]);
    const [a] = await store.take(1);
    if (!a) throw new Error('no entry');
    const froms = Array.from({ length: 8 }, (_, i) => `http://example.com/from/${i}`);
    await store.addInlinks(froms.map((from) => ({ key: a.key, from })));
    await store.addInlinks([
      { key: a.key, from: froms[0] as string },
      { key: a.key, from: froms[7] as string },
    ]);
    await store.savePage(a.key, blankRecord(a));
    const pages = [];
    for await (const p of store.pages()) pages.push(p);
    expect(pages).toHaveLength(1);
    expect(pages[0]?.inlinks).toBe(8);
    expect(pages[0]?.linkedFrom).toEqual(froms.slice(0, 5));
  });

  it('replaces a record saved twice', async () => {
    const store = createMemoryStore();
    const record = blankRecord(entry(1));
    await store.savePage(record.url, record);
    await store.savePage(record.url, { ...record, status: 200 });
    const pages = [];
    for await (const p of store.pages()) pages.push(p);
    expect(pages.map((p) => p.status)).toEqual([200]);
  });
});

describeCrawlStoreContract('the memory store', async () => createMemoryStore());
