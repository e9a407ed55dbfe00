import { hash64 } from '../seo/hash.js';

/**
 * A compact set of string keys for crawls of millions of URLs: each key is kept as a 64-bit
 * fingerprint (`hash64`, as the SEO rules keep theirs) in an open-addressing table of typed
 * arrays with linear probing, 8 bytes a slot plus one byte of flags, grown by half past three
 * quarters full (about 12 bytes a key, no key string held). Two different keys share a fingerprint with a chance of about
 * n² / 2⁶⁵ for n keys: 2.7e-8 for a 1,000,000-URL crawl, 2.7e-6 for 10,000,000 (the second
 * key would then count as seen and be left out).
 */

const scratch = new Uint32Array(2);

/** The 64-bit fingerprint of `key` (`hash64`) as one signed integer: an SQLite INTEGER key. */
export function fingerprintBigInt(key: string): bigint {
  hash64(key, scratch);
  return BigInt.asIntN(64, (BigInt(scratch[1] as number) << 32n) | BigInt(scratch[0] as number));
}

const FIRST_CAPACITY = 1024;
/** Most keys per slot before the table grows, and how much it grows by. */
const MAX_LOAD = 0.75;
const GROWTH = 1.5;
const TWO_32 = 2 ** 32;

/** A set of key fingerprints, each with a byte of flags (what the owner knows of the key). */
export class FingerprintTable {
  private hi = new Uint32Array(FIRST_CAPACITY);
  private lo = new Uint32Array(FIRST_CAPACITY);
  /** 0 marks an empty slot; an entry's flags are stored with bit 7 set. */
  private flagBytes = new Uint8Array(FIRST_CAPACITY);
  private count = 0;

  /** How many keys are in the set. */
  get size(): number {
    return this.count;
  }

  /** Bytes held by the table. */
  get bytes(): number {
    return this.hi.byteLength + this.lo.byteLength + this.flagBytes.byteLength;
  }

  /** The flags of `key`, or -1 when it is not in the set. */
  flags(key: string): number {
    hash64(key, scratch);
    const slot = this.find(scratch[1] as number, scratch[0] as number);
    const byte = this.flagBytes[slot] as number;
    return byte === 0 ? -1 : byte & 0x7f;
  }

  /** Whether `key` is in the set. */
  has(key: string): boolean {
    return this.flags(key) >= 0;
  }

  /** Adds `key` (flags 0 when new); returns whether it was new. */
  add(key: string): boolean {
    return this.setFlags(key, 0) < 0;
  }

  /** Adds `flags` to `key`'s (adding the key when new); returns its flags before, -1 when new. */
  setFlags(key: string, flags: number): number {
    hash64(key, scratch);
    const hi = scratch[1] as number;
    const lo = scratch[0] as number;
    let slot = this.find(hi, lo);
    const byte = this.flagBytes[slot] as number;
    if (byte !== 0) {
      this.flagBytes[slot] = byte | flags;
      return byte & 0x7f;
    }
    if (this.count + 1 > this.flagBytes.length * MAX_LOAD) {
      this.grow();
      slot = this.find(hi, lo);
    }
    this.hi[slot] = hi;
    this.lo[slot] = lo;
    this.flagBytes[slot] = 0x80 | flags;
    this.count++;
    return -1;
  }

  /** The slot holding `hi:lo`, or the empty slot where it would go. */
  private find(hi: number, lo: number): number {
    const capacity = this.flagBytes.length;
    // Any capacity (not only powers of two): the low half scaled to the table's length.
    let slot = Math.floor((lo / TWO_32) * capacity);
    while (this.flagBytes[slot] !== 0 && (this.hi[slot] !== hi || this.lo[slot] !== lo))
      slot = slot + 1 === capacity ? 0 : slot + 1;
    return slot;
  }

  private grow(): void {
    const { hi, lo, flagBytes } = this;
    const capacity = Math.ceil(flagBytes.length * GROWTH);
    this.hi = new Uint32Array(capacity);
    this.lo = new Uint32Array(capacity);
    this.flagBytes = new Uint8Array(capacity);
    for (let i = 0; i < flagBytes.length; i++) {
      if (flagBytes[i] === 0) continue;
      const slot = this.find(hi[i] as number, lo[i] as number);
      this.hi[slot] = hi[i] as number;
      this.lo[slot] = lo[i] as number;
      this.flagBytes[slot] = flagBytes[i] as number;
    }
  }
}
