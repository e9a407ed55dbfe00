/**
 * The Node side of {@link Sorter}: items past a run's worth are sorted in runs written to a
 * temporary folder as JSON lines and merged back with a heap, so sorting a million pages holds
 * one run and one read buffer per run instead of every page. Node-only.
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { Heap } from './heap.js';
import { memorySorter, type Sorter, type SorterFactory } from './sorter.js';

/** Items held in memory before a sorted run goes to disk... */
export const RUN_ITEMS = 5_000;
/** ...or fewer, once their text reaches this many characters (long titles). */
export const RUN_CHARS = 1_000_000;
const READ_BYTES = 1 << 14;

/** The characters of an item's text fields (items are flat records of text and numbers). */
function textLength(item: unknown): number {
  let length = 0;
  for (const value of Object.values(item as object))
    if (typeof value === 'string') length += value.length;
  return length;
}

/** Reads a run file back line by line (one JSON item a line), a buffer at a time. */
class RunReader {
  private readonly fd: number;
  private readonly buffer = Buffer.allocUnsafe(READ_BYTES);
  private readonly decoder = new StringDecoder('utf8');
  private lines: string[] = [];
  private rest = '';
  private done = false;

  constructor(file: string) {
    this.fd = openSync(file, 'r');
  }

  next(): string | null {
    while (this.lines.length === 0 && !this.done) {
      const read = readSync(this.fd, this.buffer, 0, READ_BYTES, null);
      if (read === 0) {
        this.done = true;
        closeSync(this.fd);
        break;
      }
      const parts = (this.rest + this.decoder.write(this.buffer.subarray(0, read))).split('\n');
      this.rest = parts.pop() ?? '';
      this.lines = parts.reverse();
    }
    return this.lines.pop() ?? null;
  }

  close(): void {
    if (!this.done) closeSync(this.fd);
    this.done = true;
  }
}

interface Head<T> {
  item: T;
  run: number;
  reader: RunReader;
}

function* merge<T>(files: string[], compare: (a: T, b: T) => number): Generator<T> {
  // Runs hold items in the order they were added, so ties come out by run: a stable sort.
  const heads = new Heap<Head<T>>((a, b) => (compare(a.item, b.item) || a.run - b.run) < 0);
  const readers = files.map((file) => new RunReader(file));
  try {
    readers.forEach((reader, run) => {
      const line = reader.next();
      if (line !== null) heads.push({ item: JSON.parse(line) as T, run, reader });
    });
    for (let head = heads.peek(); head !== undefined; head = heads.peek()) {
      yield head.item;
      const line = head.reader.next();
      if (line === null) heads.pop();
      else {
        head.item = JSON.parse(line) as T;
        heads.replaceTop(head);
      }
    }
  } finally {
    for (const reader of readers) reader.close();
  }
}

/**
 * A sorter factory whose sorters spill runs of `runItems` to a folder made in `parent` when
 * first needed; `dispose()` removes it.
 */
export function diskSorters(
  runItems = RUN_ITEMS,
  parent = tmpdir(),
): {
  sorter: SorterFactory;
  dispose(): void;
} {
  let folder: string | null = null;
  let files = 0;
  const runFile = () => {
    folder ??= mkdtempSync(path.join(parent, 'mapsmith-export-sort-'));
    return path.join(folder, `run-${++files}.jsonl`);
  };
  const sorter = <T>(compare: (a: T, b: T) => number, limit?: number): Sorter<T> => {
    // The first N of an order fit in a heap of N when N is a run or less (RSS for the free plan).
    if (limit !== undefined && limit <= runItems) return memorySorter(compare, limit);
    let items: T[] = [];
    let chars = 0;
    const runs: string[] = [];
    const spill = () => {
      const file = runFile();
      writeFileSync(
        file,
        `${items
          .sort(compare)
          .map((item) => JSON.stringify(item))
          .join('\n')}\n`,
      );
      runs.push(file);
      items = [];
      chars = 0;
    };
    return {
      add(item) {
        items.push(item);
        chars += textLength(item);
        if (items.length >= runItems || chars >= RUN_CHARS) spill();
      },
      *sorted() {
        if (runs.length === 0) {
          yield* items.sort(compare).slice(0, limit);
          return;
        }
        if (items.length > 0) spill();
        let left = limit ?? Infinity;
        for (const item of merge(runs, compare)) {
          if (left-- <= 0) return;
          yield item;
        }
      },
    };
  };
  return {
    sorter,
    dispose() {
      if (folder !== null) rmSync(folder, { recursive: true, force: true });
    },
  };
}
