/**
 * A binary heap: `first(a, b)` says whether `a` comes out before `b`. Used for the k-way merge
 * of sorted runs and for keeping the N first items of an order (root: the one to drop next).
 */
export class Heap<T> {
  private readonly items: T[] = [];

  constructor(private readonly first: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  /** The item that comes out next, if any. */
  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const items = this.items;
    let at = items.push(item) - 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!this.first(item, items[parent] as T)) break;
      items[at] = items[parent] as T;
      at = parent;
    }
    items[at] = item;
  }

  /** Takes the next item out. */
  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last !== undefined) this.replaceTop(last);
    return top;
  }

  /** Puts `item` in the root's place (the root is dropped) and restores the order. */
  replaceTop(item: T): void {
    const items = this.items;
    const n = items.length;
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= n) break;
      const right = child + 1;
      if (right < n && this.first(items[right] as T, items[child] as T)) child = right;
      if (!this.first(items[child] as T, item)) break;
      items[at] = items[child] as T;
      at = child;
    }
    items[at] = item;
  }

  /** Every item held, in no particular order. */
  toArray(): T[] {
    return this.items.slice();
  }
}
