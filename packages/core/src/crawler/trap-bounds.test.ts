// Issue 30 point 2: the trap heuristics at their defaults, URL by URL.
import { describe, expect, it } from 'vitest';
import { Bounds } from './bounds.js';
import { DEFAULT_CRAWL_OPTIONS } from './options.js';
import { pathTemplate, segmentStats } from './trap-bounds.js';

const bounds = () => new Bounds({ ...DEFAULT_CRAWL_OPTIONS, startUrl: 'https://example.com/' });
const check = (b: Bounds, href: string) => b.check(new URL(href), 1);

describe('trap heuristics', () => {
  it('abstracts digits and query values into a template', () => {
    expect(pathTemplate(new URL('https://example.com/cal/2026/11/'))).toBe('example.com/cal/*/*/');
    expect(pathTemplate(new URL('https://example.com/s/ab12/shop?page=3&sort=asc'))).toBe(
      'example.com/s/*/shop?page=*&sort=*',
    );
    expect(pathTemplate(new URL('https://example.com/about/team'))).toBeNull();
    expect(segmentStats('/a/x/a/x/a/')).toEqual({ most: 3, segments: 5 });
  });

  it('refuses a segment that comes back a fourth time anywhere in the path', () => {
    const b = bounds();
    expect(check(b, 'https://example.com/a/x/a/x/a/')).toBeNull();
    expect(check(b, 'https://example.com/a/x/a/x/a/x/a/')).toBe('segment-occurrences');
  });

  it('refuses paths deeper than 20 segments', () => {
    const deep = (n: number) =>
      `https://example.com/${Array.from({ length: n }, (_, i) => `p${String.fromCharCode(97 + (i % 26))}${i >= 26 ? 'z' : ''}`).join('/')}`;
    const b = bounds();
    expect(check(b, deep(20))).toBeNull();
    expect(check(b, deep(21))).toBe('path-segments');
  });

  it('takes 10,000 URLs of one template (a calendar), then refuses the rest', () => {
    const b = bounds();
    let refused = 0;
    for (let i = 0; i < 10_050; i++) {
      const year = 2000 + Math.floor(i / 12);
      if (check(b, `https://example.com/cal/${year}/${(i % 12) + 1}/`)) refused++;
    }
    expect(refused).toBe(50);
    // Another template, and a product catalog of numeric ids, are counted on their own.
    expect(check(b, 'https://example.com/product/123')).toBeNull();
  });
});
