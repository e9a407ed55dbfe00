import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
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
const namesIn = (folder: string) => readdirSync(folder);
/** The run files this process holds open in `folder` (Linux: their links end in "(deleted)"). */
const openRuns = (folder: string) =>
  readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return '';
      }
    })
    .filter((target) => target.startsWith(`${folder}/mapsmith-export-sort-`));

describe('diskSorters', () => {
  it('sorts in runs on disk and merges them back stably, leaving no file behind', () => {
    const sorting = diskSorters(64, parent);
    const sorter = sorting.sorter(byKey);
    for (const item of items) sorter.add(item);
    // 15 runs of 64 are held open, and none has a name left in the folder.
    expect(openRuns(parent)).toHaveLength(15);
    expect(openRuns(parent).every((target) => target.endsWith('(deleted)'))).toBe(true);
    expect(namesIn(parent)).toEqual([]);
    expect([...sorter.sorted()]).toEqual(expected);
    expect(openRuns(parent)).toEqual([]);
    sorting.dispose();
  });

  it('closes the runs of a sorter never read at dispose', () => {
    const sorting = diskSorters(64, parent);
    const sorter = sorting.sorter(byKey);
    for (const item of items) sorter.add(item);
    expect(openRuns(parent).length).toBeGreaterThan(0);
    sorting.dispose();
    expect(openRuns(parent)).toEqual([]);
  });

  it('leaves nothing on disk when its process is killed mid-sort (kill -9)', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'mapsmith-sorter-kill-'));
    const script = `
      const { diskSorters } = await import(${JSON.stringify(path.join(import.meta.dirname, 'disk-sorter.ts'))});
      const sorter = diskSorters(10, ${JSON.stringify(folder)}).sorter((a, b) => a - b);
      for (let i = 0; i < 100; i++) sorter.add(100 - i);
      process.stdout.write('spilled\\n');
      setInterval(() => {}, 1000);`;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: path.resolve(import.meta.dirname, '../../../..'),
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('spilled')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`the sorting process ended early (${code})`)));
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(namesIn(folder)).toEqual([]);
    rmSync(folder, { recursive: true, force: true });
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
    expect(openRuns(parent)).toEqual([]);
    expect(namesIn(parent)).toEqual([]);
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
