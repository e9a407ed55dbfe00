import { describe, expect, it } from 'vitest';
import { hrefResolver } from './resolve-href.js';

const HREFS = [
  '/',
  '/a',
  '/a/',
  '/a//b',
  '/a.b/c-d_e~f',
  '/.a',
  '/..a',
  '/...',
  '/a/.b/..c',
  // Taken by the URL parser: dot segments, scheme-relative, escapes, query, fragment, spaces.
  '/.',
  '/..',
  '/./a',
  '/a/..',
  '/a/../b',
  '/%2e/b',
  '//other.example/x',
  '///',
  '/a?x=1',
  '/a#top',
  // Plain with a query or a fragment (taken as written), and their near misses.
  '/a?',
  '/a#',
  '/a?#',
  '/a?b=1&c=%41&d=%zz;e=(f)*+,:@/?g#h-1/i?j',
  '/p/1?utm_source=x&utm_medium=link',
  '/.?x',
  '/..#y',
  '/a/.?q',
  '/a/..#f',
  "/a?x='1'",
  '/a?x="1"',
  '/a?x y',
  '/a?x<y>',
  '/a#x`y',
  "/a#it's",
  '/a#b#c',
  '/a?q=ä',
  '/ä',
  '/a b',
  '  /padded  ',
  'relative/path',
  // standalone-ok: a relative href, not a file path
  '../up',
  '?q=1',
  '#frag',
  'https://elsewhere.example/p',
  'mailto:someone@example.com',
  '',
  'data:text/plain,hi',
  'http://[bad',
];
const BASES = [
  'http://example.com/x/y',
  'https://Ex.COM:443/q?z=1#f',
  'http://127.0.0.1:8080/',
  'http://[::1]:3000/a/b',
  'https://user:pass@example.com/dir/',
  'http://xn--bcher-kva.example/',
];

/** What the URL parser alone makes of an href (the resolver's contract). */
function parsed(href: string, base: URL): string | null {
  const value = href.trim();
  if (!value || value.startsWith('data:')) return null;
  try {
    return new URL(value, base).href;
  } catch {
    return null;
  }
}

describe('hrefResolver', () => {
  it('resolves every href exactly as the URL parser does, plain paths included', () => {
    for (const b of BASES) {
      const base = new URL(b);
      const resolve = hrefResolver(base);
      for (const href of HREFS)
        expect([b, href, resolve(href)]).toEqual([b, href, parsed(href, base)]);
    }
  });

  it('answers a remembered href for its own origin only', () => {
    for (let round = 0; round < 2; round++)
      for (const b of [...BASES].reverse()) {
        const base = new URL(b);
        const resolve = hrefResolver(base);
        for (const href of HREFS)
          expect([b, href, resolve(href)]).toEqual([b, href, parsed(href, base)]);
      }
  });

  it('keeps a base URL’s credentials on plain paths', () => {
    expect(hrefResolver(new URL('https://user:pass@example.com/dir/'))('/a')).toBe(
      'https://user:pass@example.com/a',
    );
  });
});
