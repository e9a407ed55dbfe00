import { describe, expect, it } from 'vitest';
import { entry } from '../../../../tests/fixtures/store/frontier-basics.js';
import { SPILL_ABOVE_PAGES, storeForCap, usesSpillStore } from './cli-store.js';

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

  it('says which store it picks, for the program that tunes its process to it (the CLI)', async () => {
    for (const cap of [undefined, 1, SPILL_ABOVE_PAGES, SPILL_ABOVE_PAGES + 1, 1_000_000])
      expect(usesSpillStore(cap)).toBe(!(await answersAfterClose(cap)));
  });
});
