/**
 * The Node side of {@link Sorter}: items past a run's worth are sorted in runs written to
 * temporary files as JSON lines and merged back with a heap, so sorting a million pages holds
 * one run and one read buffer per run instead of every page. Each run file is unlinked as soon
 * as it is made and used through its open descriptor, so nothing is left on disk when the
 * process dies (a kill -9 mid-export), as SQLite's own temporary files. Node-only.
 */
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
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

/**
 * A run's file: written once, then read back from its start. Its name is unlinked at once where
 * the system allows it (Windows may refuse while it is open: then `close` removes it).
 */
class RunFile {
  readonly fd: number;
  private readonly name: string | null;

  constructor(parent: string) {
    const name = path.join(parent, `mapsmith-export-sort-${process.pid}-${randomUUID()}.jsonl`);
    this.fd = openSync(name, 'wx+');
    this.name = unlinked(name) ? null : name;
  }

  write(text: string): void {
    writeSync(this.fd, text);
  }

  close(): void {
    closeSync(this.fd);
    if (this.name !== null) unlinked(this.name);
  }
}

function unlinked(name: string): boolean {
  try {
    unlinkSync(name);
    return true;
  } catch {
    return false;
  }
}

/** Reads a run file back line by line (one JSON item a line), a buffer at a time. */
class RunReader {
  private readonly buffer = Buffer.allocUnsafe(READ_BYTES);
  private readonly decoder = new StringDecoder('utf8');
  private position = 0;
  private lines: string[] = [];
  private rest = '';
  private done = false;

  constructor(private readonly file: RunFile) {}

  next(): string | null {
    while (this.lines.length === 0 && !this.done) {
      const read = readSync(this.file.fd, this.buffer, 0, READ_BYTES, this.position);
      if (read === 0) {
        this.done = true;
        break;
      }
      this.position += read;
      const parts = (this.rest + this.decoder.write(this.buffer.subarray(0, read))).split('\n');
      this.rest = parts.pop() ?? '';
      this.lines = parts.reverse();
    }
    return this.lines.pop() ?? null;
  }
}

interface Head<T> {
  item: T;
  run: number;
  reader: RunReader;
}

function* merge<T>(files: RunFile[], compare: (a: T, b: T) => number): Generator<T> {
  // Runs hold items in the order they were added, so ties come out by run: a stable sort.
  const heads = new Heap<Head<T>>((a, b) => (compare(a.item, b.item) || a.run - b.run) < 0);
  files.forEach((file, run) => {
    const reader = new RunReader(file);
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
}

/**
 * A sorter factory whose sorters spill runs of `runItems` to files made in `parent` when first
 * needed (unlinked at once, see the module's comment); `dispose()` closes them.
 */
export function diskSorters(
  runItems = RUN_ITEMS,
  parent = tmpdir(),
): {
  sorter: SorterFactory;
  dispose(): void;
} {
  const open = new Set<RunFile>();
  const sorter = <T>(compare: (a: T, b: T) => number, limit?: number): Sorter<T> => {
    // The first N of an order fit in a heap of N when N is a run or less (RSS for the free plan).
    if (limit !== undefined && limit <= runItems) return memorySorter(compare, limit);
    let items: T[] = [];
    let chars = 0;
    const runs: RunFile[] = [];
    const spill = () => {
      const file = new RunFile(parent);
      open.add(file);
      file.write(
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
        try {
          for (const item of merge(runs, compare)) {
            if (left-- <= 0) return;
            yield item;
          }
        } finally {
          // The merge's disk space goes back as soon as it ends, not at dispose.
          for (const file of runs) {
            file.close();
            open.delete(file);
          }
        }
      },
    };
  };
  return {
    sorter,
    dispose() {
      for (const file of open) file.close();
      open.clear();
    },
  };
}
