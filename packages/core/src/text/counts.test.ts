import { describe, expect, it } from 'vitest';
import { futureLastmod, oldNews, otherHost } from '../checker/messages.js';
import { formatCount, plural } from './counts.js';

describe('counts', () => {
  it('agree with their noun and verb', () => {
    expect(plural(1, 'page')).toBe('1 page');
    expect(plural(0, 'page')).toBe('0 pages');
    expect(plural(1234, 'entry', 'entries')).toBe('1,234 entries');
    expect(formatCount(50_000)).toBe('50,000');
  });

  it('are written as en-US writes them, whole or not', () => {
    const values = [0, -0, 7, 999, 1000, -1000, 12_345, 999_999, 1_000_000, -987_654_321];
    values.push(2 ** 53 - 1, 0.5, 1234.5678, -1e21, Number.NaN, Number.POSITIVE_INFINITY);
    for (let n = 1; n < 1e15; n = n * 7 + 3) values.push(n, -n);
    for (const n of values) expect(formatCount(n), String(n)).toBe(n.toLocaleString('en-US'));
    expect(formatCount(1_234_567)).toBe('1,234,567');
  });

  it('in the checker’s messages too (walkthrough defect 43)', () => {
    expect(futureLastmod(1, '2099-01-01')).toBe('1 lastmod date is in the future, e.g. 2099-01-01');
    expect(futureLastmod(2, '2099-01-01')).toMatch(/^2 lastmod dates are in the future/);
    expect(oldNews(1)).toMatch(/^1 news entry is older/);
    expect(otherHost(1, 'a.example', 'https://a.example/')).toMatch(/^1 URL is on another host/);
  });
});
