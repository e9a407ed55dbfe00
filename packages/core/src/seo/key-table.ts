/**
 * An open-addressing hash table from 64-bit keys (see `hash64`) to a few uint32 columns, in
 * typed arrays: about 24 bytes per key with two columns, where a `Map` of strings costs
 * several times that plus the strings. Entries get ids in insertion order (0, 1, 2, ...).
 */
export class KeyTable {
  /** Entries so far; ids run from 0 to `size - 1` in insertion order. */
  size = 0;
  private slots = new Int32Array(1024);
  private keys = new Uint32Array(1024);
  private values: Uint32Array;

  constructor(private readonly columns: number) {
    this.values = new Uint32Array(512 * columns);
  }

  /** The id of the key, or -1 when absent. */
  find(hi: number, lo: number): number {
    const mask = this.slots.length - 1;
    for (let i = lo & mask; ; i = (i + 1) & mask) {
      const id = this.slots[i] ?? 0;
      if (id === 0) return -1;
      if (this.keys[(id - 1) * 2] === hi && this.keys[(id - 1) * 2 + 1] === lo) return id - 1;
    }
  }

  /** The id of the key, inserting it (every column 0) when absent. */
  add(hi: number, lo: number): number {
    const found = this.find(hi, lo);
    if (found >= 0) return found;
    if ((this.size + 1) * 2 > this.slots.length) this.grow();
    const id = this.size++;
    if (id * 2 + 2 > this.keys.length) this.keys = extend(this.keys);
    if ((id + 1) * this.columns > this.values.length) this.values = extend(this.values);
    this.keys[id * 2] = hi;
    this.keys[id * 2 + 1] = lo;
    this.place(id);
    return id;
  }

  /** A column of an entry. */
  get(id: number, column: number): number {
    return this.values[id * this.columns + column] ?? 0;
  }

  /** Sets a column of an entry. */
  set(id: number, column: number, value: number): void {
    this.values[id * this.columns + column] = value;
  }

  private place(id: number): void {
    const mask = this.slots.length - 1;
    let i = (this.keys[id * 2 + 1] ?? 0) & mask;
    while (this.slots[i] !== 0) i = (i + 1) & mask;
    this.slots[i] = id + 1;
  }

  private grow(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    for (let id = 0; id < this.size; id++) this.place(id);
  }
}

/** A typed array twice as long with the same contents. */
export function extend<T extends Uint32Array | Uint8Array>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}
