import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diskSorters } from './disk-sorter.js';
import { memorySorter } from './sorter.js';

interface Item {
  key: number;
  name: string;
}

// Few distinct keys, so most comparisons tie: ties must keep the order items were added in.
const items: Item[] = Array.from({ length: 1000 }, (_, i) => ({
  key: (i * 7919) % 13,
  name: `item ${i} "quoted"\nline ä ${'x'.repeat(i % 50)}`,
}));
const byKey = (a: Item, b: Item) => a.key - b.key;
const expected = [...items].sort(byKey);
const parent = mkdtempSync(path.join(tmpdir(), 'mapsmith-sorter-test-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));
const sortFolders = () => readdirSync(parent);

describe('diskSorters', () => {
  it('sorts in runs on disk and merges them back stably, then removes its files', () => {
    const sorting = diskSorters(64, parent);
    const sorter = sorting.sorter(byKey);
    for (const item of items) sorter.add(item);
    expect(sortFolders().length).toBe(1);
    expect([...sorter.sorted()]).toEqual(expected);
    sorting.dispose();
    expect(sortFolders().length).toBe(0);
  });

  it('gives the first N of the order with a limit, past a run or within one', () => {
    for (const limit of [0, 5, 64, 300, 5000]) {
      const sorting = diskSorters(64, parent);
      const sorter = sorting.sorter(byKey, limit);
      for (const item of items) sorter.add(item);
      expect([...sorter.sorted()]).toEqual(expected.slice(0, limit));
      sorting.dispose();
    }
  });

  it('keeps nothing on disk while everything fits in one run', () => {
    const sorting = diskSorters(5000, parent);
    const sorter = sorting.sorter(byKey);
    for (const item of items) sorter.add(item);
    expect([...sorter.sorted()]).toEqual(expected);
    expect(sortFolders().length).toBe(0);
    sorting.dispose();
  });
});

describe('memorySorter', () => {
  it('keeps the first N in a heap of N with ties in the order added', () => {
    for (const limit of [0, 1, 13, 100, 5000]) {
      const sorter = memorySorter(byKey, limit);
      for (const item of items) sorter.add(item);
      expect([...sorter.sorted()]).toEqual(expected.slice(0, limit));
    }
  });
});
