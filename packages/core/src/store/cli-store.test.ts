import { describe, expect, it } from 'vitest';
import { entry } from '../../../../tests/fixtures/store/frontier-basics.js';
import { SPILL_ABOVE_PAGES, storeForCap } from './cli-store.js';

/** Whether the store still answers after `close` (the memory store has nothing to release). */
async function answersAfterClose(maxPages?: number): Promise<boolean> {
  const store = storeForCap(maxPages);
  await store.enqueue([entry(1)]);
  store.close();
  try {
    await store.enqueue([entry(2)]);
    return true;
  } catch {
    return false;
  }
}

describe("the CLI's store choice", () => {
  it('keeps a crawl up to the cap in memory and spills a larger one to its file', async () => {
    expect(await answersAfterClose()).toBe(true);
    expect(await answersAfterClose(SPILL_ABOVE_PAGES)).toBe(true);
    expect(await answersAfterClose(SPILL_ABOVE_PAGES + 1)).toBe(false);
  });
});
