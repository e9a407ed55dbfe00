import { Heap } from './heap.js';

/**
 * Items gathered in one order and given back in another: what the `html` (grouped, by path)
 * and `rss` (most recent first) formats need. Ties keep the order items were added in.
 */
export interface Sorter<T> {
  add(item: T): void;
  /** The items in order (the first `limit` when the sorter was made with one), read once. */
  sorted(): Iterable<T>;
}

/**
 * Makes a sorter for `compare`; `limit` keeps only the first N. In the browser the items stay in
 * memory ({@link memorySorter}); Node's file writer passes one that spills to disk, so an export
 * of a million pages holds a bounded number of them.
 */
export type SorterFactory = <T>(compare: (a: T, b: T) => number, limit?: number) => Sorter<T>;

interface Numbered<T> {
  item: T;
  seq: number;
}

/** Keeps the first `limit` items of the order in a heap of `limit` (root: the last kept). */
function firstOf<T>(compare: (a: T, b: T) => number, limit: number): Sorter<T> {
  const order = (a: Numbered<T>, b: Numbered<T>) => compare(a.item, b.item) || a.seq - b.seq;
  const kept = new Heap<Numbered<T>>((a, b) => order(a, b) > 0);
  let seq = 0;
  return {
    add(item) {
      const entry = { item, seq: seq++ };
      if (kept.size < limit) kept.push(entry);
      else if (limit > 0 && order(entry, kept.peek() as Numbered<T>) < 0) kept.replaceTop(entry);
    },
    sorted: () =>
      kept
        .toArray()
        .sort(order)
        .map((entry) => entry.item),
  };
}

/** Every item in memory, sorted at the end (stable); with a limit, a heap of `limit` items. */
export const memorySorter: SorterFactory = <T>(
  compare: (a: T, b: T) => number,
  limit?: number,
): Sorter<T> => {
  if (limit !== undefined) return firstOf(compare, Math.max(0, limit));
  const items: T[] = [];
  return { add: (item) => items.push(item), sorted: () => items.sort(compare) };
};
