/**
 * A 64-bit hash of a string as two 32-bit halves, written into `out` (no allocation per call).
 * Cross-page rules keep these instead of the strings: 8 bytes per key. Two independent
 * FNV-1a style lanes with a final avalanche; at 1,000,000 distinct keys the chance of any
 * collision is about 3 in 100,000,000.
 */
export function hash64(text: string, out: Uint32Array): void {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  out[0] = mix(a ^ Math.imul(text.length, 0x9e3779b1));
  out[1] = mix(b);
}

/** murmur3's finalizer: spreads every input bit over the output. */
function mix(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
