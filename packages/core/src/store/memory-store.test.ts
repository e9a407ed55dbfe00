import { describe, expect, it } from 'vitest';
import { describeCrawlStoreContract } from '../../../../tests/fixtures/store/crawl-store-contract.js';
import { entry, itKeepsFrontierBasics } from '../../../../tests/fixtures/store/frontier-basics.js';
import { blankRecord } from '../crawler/page-record.js';
import { createMemoryStore } from './memory-store.js';

describe('the memory store', () => {
  itKeepsFrontierBasics(createMemoryStore);

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
