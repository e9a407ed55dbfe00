import { describe, expect, it } from 'vitest';
import { makePage } from '../export/make-page.js';
import { hash64 } from './hash.js';
import { KeyTable } from './key-table.js';
import { UrlStore } from './url-store.js';

describe('compact state of the streaming rules', () => {
  it('KeyTable keeps ids, columns and lookups through many growths', () => {
    const table = new KeyTable(2);
    const key = new Uint32Array(2);
    const ids: number[] = [];
    for (let i = 0; i < 50_000; i++) {
      hash64(`https://a.example/${i}`, key);
      ids.push(table.add(key[0] ?? 0, key[1] ?? 0));
      table.set(i, 1, i * 3);
    }
    expect(ids).toEqual(Array.from({ length: 50_000 }, (_, i) => i));
    for (let i = 0; i < 50_000; i += 997) {
      hash64(`https://a.example/${i}`, key);
      const id = table.find(key[0] ?? 0, key[1] ?? 0);
      expect(id).toBe(i);
      expect(table.get(id, 1)).toBe(i * 3);
      expect(table.add(key[0] ?? 0, key[1] ?? 0)).toBe(i);
    }
    hash64('https://a.example/never-added', key);
    expect(table.find(key[0] ?? 0, key[1] ?? 0)).toBe(-1);
    expect(table.size).toBe(50_000);
  });

  it('hash64 tells apart strings that differ in one character or only in length', () => {
    const seen = new Set<string>();
    const key = new Uint32Array(2);
    for (const text of ['', 'a', 'b', 'ab', 'ba', 'aa', 'a\u0000', 'Title 1', 'Title 10']) {
      hash64(text, key);
      seen.add(`${key[0]}:${key[1]}`);
    }
    expect(seen.size).toBe(9);
  });

  it('UrlStore gives back every URL across chunks, non-ASCII and oversized ones too', () => {
    const store = new UrlStore();
    const urls = Array.from(
      { length: 30_000 },
      (_, i) => `https://a.example/ünïcode/página-${i}-${'x'.repeat(i % 50)}`,
    );
    urls.push(`https://a.example/${'long'.repeat(300_000)}`, 'https://a.example/after');
    const refs = urls.map((url) => store.keep(makePage(url)));
    expect(refs.map((ref) => store.get(ref))).toEqual(urls);
    const page = makePage('https://a.example/same');
    expect(store.keep(page)).toBe(store.keep(page));
  });
});
