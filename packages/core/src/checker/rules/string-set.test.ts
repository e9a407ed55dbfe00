import { describe, expect, it } from 'vitest';
import { StringSet } from './string-set.js';

describe('StringSet', () => {
  it('tells new strings from repeats through many growths, like a Set', () => {
    const set = new StringSet();
    const reference = new Set<string>();
    for (let i = 0; i < 20_000; i++) {
      // Long shared prefixes and repeats, as in a sitemap's URLs.
      const url = `https://www.example.com/section-${i % 7}/item-${(i * 7919) % 12_000}`;
      expect(set.add(url), url).toBe(!reference.has(url));
      reference.add(url);
    }
    for (const url of reference) expect(set.has(url)).toBe(true);
    expect(set.has('https://www.example.com/section-0/item-x')).toBe(false);
    expect(set.add('')).toBe(true);
    expect(set.add('')).toBe(false);
  });
});
