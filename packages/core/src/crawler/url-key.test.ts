import { describe, expect, it } from 'vitest';
import { displayTarget, urlForms, urlKey } from './url-key.js';

describe('urlKey', () => {
  it.each([
    ['HTTP://Example.COM:80/a', 'http://example.com/a'],
    ['https://example.com:443/a', 'https://example.com/a'],
    ['http://example.com/a#frag', 'http://example.com/a'],
    ['http://example.com/a/./b/../c', 'http://example.com/a/c'],
    ['http://example.com/%7euser/%41%2f', 'http://example.com/~user/A%2F'],
    ['http://example.com/p/%31%32', 'http://example.com/p/12'],
    ['http://example.com/a?b=2&a=1', 'http://example.com/a?a=1&b=2'],
    ['http://example.com/a?utm_source=x&id=3&fbclid=y&gclid=z', 'http://example.com/a?id=3'],
    ['http://example.com/a?utm_source=x', 'http://example.com/a'],
    ['http://example.com/a?PHPSESSID=1&sid=2&jsessionid=3', 'http://example.com/a'],
    ['http://example.com/a;jsessionid=ABC123', 'http://example.com/a'],
    ['http://example.com', 'http://example.com/'],
    ['http://example.com/a?', 'http://example.com/a'],
  ])('normalizes %s', (input, key) => {
    expect(urlKey(input)).toBe(key);
  });

  it('keeps the linked parameter order in the fetched form (issue 18)', () => {
    expect(urlForms('http://example.com/list?sort=asc&utm_source=x&page=2#top')).toEqual({
      key: 'http://example.com/list?page=2&sort=asc',
      fetch: 'http://example.com/list?sort=asc&page=2',
    });
    expect(urlForms('http://example.com/%7Ea/%2e%2E/b;jsessionid=1?%41=1')).toEqual({
      key: 'http://example.com/b?A=1',
      fetch: 'http://example.com/b?A=1',
    });
  });

  it('resolves relative links against a base', () => {
    // standalone-ok: a relative URL, not a file path
    expect(urlKey('../x?b=1&a=2#top', 'http://example.com/dir/page')).toBe(
      'http://example.com/x?a=2&b=1',
    );
  });

  it.each([
    'mailto:a@example.com',
    'javascript:void(0)',
    'tel:+1',
    'ftp://example.com/',
    'not a url',
    '',
  ])('has no key for %s', (input) => {
    expect(urlKey(input)).toBeNull();
  });

  it('writes verdict targets as paths on the same origin', () => {
    expect(displayTarget('http://example.com/x?y=1', 'http://example.com')).toBe('/x?y=1');
    expect(displayTarget('https://other.com/x', 'http://example.com')).toBe('https://other.com/x');
  });
});
