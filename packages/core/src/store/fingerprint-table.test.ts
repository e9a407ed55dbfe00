import { describe, expect, it } from 'vitest';
import { FingerprintTable, fingerprintBigInt } from './fingerprint-table.js';

describe('the fingerprint table', () => {
  it('holds 300,000 keys through its growth, with their flags, and no other key', () => {
    const table = new FingerprintTable();
    const key = (i: number) => `https://site.example/p/${i}?q=${i % 7}`;
    const fresh = [];
    for (let i = 0; i < 300_000; i++) fresh.push(table.setFlags(key(i), i % 2));
    expect(fresh.every((before) => before === -1)).toBe(true);
    expect(table.size).toBe(300_000);
    const wrong = [];
    for (let i = 0; i < 300_000; i++) if (table.flags(key(i)) !== i % 2) wrong.push(i);
    for (let i = 300_000; i < 600_000; i++) if (table.has(key(i))) wrong.push(i);
    expect(wrong).toEqual([]);
    expect(table.setFlags(key(2), 2)).toBe(0);
    expect(table.flags(key(2))).toBe(2);
    expect(table.add(key(3))).toBe(false);
    // About 12 bytes a key at this size: no key string is held.
    expect(table.bytes / table.size).toBeLessThan(15);
  });

  it('gives keys that differ in one character or in order different fingerprints', () => {
    const keys = ['https://a.example/ab', 'https://a.example/ba', 'https://a.example/ac'];
    expect(new Set(keys.map(fingerprintBigInt)).size).toBe(3);
  });
});
