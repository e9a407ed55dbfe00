// Issue 13 point 2: the fingerprint follows the main text only, so a rotating token or ad does
// not make a page "changed" while an edit of its text does.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createContentFingerprint } from './content-fingerprint.js';
import { extractHtml } from './html-extractor.js';

const page = (body: string, extra = '') =>
  `<html><head><title>Shop</title><meta name="csrf-token" content="${extra}"></head><body>${body}</body></html>`;

const print = (html: string) => extractHtml(html).fingerprint;

describe('content fingerprint', () => {
  it('stays SHA-1 of the folded main text, so fingerprints stored by earlier crawls still compare', () => {
    const text = 'Hello Our story. Caf\u00e9 \u2014 \u4e00';
    const html = page(
      '<main><h1>Hello</h1>\n<p>Our\t story.</p><p> Caf\u00e9 \u2014 \u4e00</p></main>',
    );
    expect(print(html)).toBe(createHash('sha1').update(text).digest('hex').slice(0, 16));
  });

  it('ignores attributes, scripts and the furniture around the main text', () => {
    const a = page(
      `<header>Ad: buy shoes</header><main><h1>Hello</h1><p>Our story.</p><input type="hidden" name="csrf" value="abc"></main><script>var nonce="1"</script><footer>Generated 10:00</footer>`,
      'token-1',
    );
    const b = page(
      `<header>Ad: sell boats</header><main><h1>Hello</h1><p>Our  story.</p><input type="hidden" name="csrf" value="xyz"></main><script>var nonce="2"</script><footer>Generated 11:00</footer>`,
      'token-2',
    );
    expect(print(a)).toMatch(/^[0-9a-f]{16}$/);
    expect(print(a)).toBe(print(b));
  });

  it('changes when the main text changes, the h1 included', () => {
    const a = page('<main><h1>Hello</h1><p>Our story.</p></main>');
    expect(print(a)).not.toBe(print(page('<main><h1>Hello</h1><p>Our new story.</p></main>')));
    expect(print(a)).not.toBe(print(page('<main><h1>Hi</h1><p>Our story.</p></main>')));
  });

  it('reads only the main element when there is one, the whole body otherwise', () => {
    const withMain = (aside: string) =>
      page(`<div>${aside}</div><div role="main"><div>Text</div> kept</div>`);
    expect(print(withMain('rotating 1'))).toBe(print(withMain('rotating 2')));
    const noMain = (text: string) => page(`<div>${text}</div>`);
    expect(print(noMain('one'))).not.toBe(print(noMain('two')));
    expect(print(page('<img src="a.png">'))).toBe(extractHtml(page('')).fingerprint);
  });
});

describe('white space in the main text', () => {
  it('reads every run of white space as one space, as a re-indented template writes it', () => {
    const a = page('<main><p>Our story,\n      told   again.</p><p>Next</p></main>');
    const b = page('<main>\n  <p>Our story, told\tagain.</p>\n  <p>Next</p>\n</main>');
    expect(print(a)).toBe(print(b));
    expect(print(a)).not.toBe(print(page('<main><p>Our story, told again.Next</p></main>')));
  });
});

describe('the fold of white space, with and without its shortcut', () => {
  // Every character `\s` matches, and word characters of one and of two bytes in V8 (é, —, 一).
  const spaces = [
    ...'\t\n\v\f\r \u00a0\u1680\u2000\u2005\u200a\u2028\u2029\u202f\u205f\u3000\ufeff',
  ];
  const letters = [...'abc.\u00e9\u2014\u4e00'];
  const sha1 = (text: string) => createHash('sha1').update(text).digest('hex').slice(0, 16);
  // The rule itself: trimmed parts joined by one space, every run of white space one space.
  const expected = (parts: string[]) =>
    sha1(
      parts
        .map((p) => p.trim())
        .filter(Boolean)
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  const digest = (parts: string[]) => {
    const print = createContentFingerprint();
    for (const part of parts) print.add(part);
    return print.digest();
  };

  it('folds each white space character as the rule does, in a Latin-1 text and in a wider one', () => {
    for (const space of spaces)
      for (const word of ['plain', 'wide\u2014']) {
        const parts = [`${word} one${space}two three`, ` ${word}${space}${space}four `];
        expect(digest(parts), JSON.stringify(space)).toBe(expected(parts));
      }
    expect(digest(['one two', 'three'])).toBe(sha1('one two three'));
    expect(digest(['one  two'])).toBe(sha1('one two'));
  });

  it('folds 2,000 generated texts as the rule does', () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let i = 0; i < 2000; i++) {
      const parts: string[] = [];
      for (let p = next(4); p >= 0; p--) {
        let text = '';
        // Mostly letters and single spaces, as text is; now and then another space.
        for (let c = next(40); c > 0; c--) {
          const r = next(20);
          text +=
            r === 0
              ? (spaces[next(spaces.length)] ?? ' ')
              : r < 4
                ? ' '
                : (letters[next(letters.length)] ?? 'a');
        }
        parts.push(text);
      }
      const want = parts.some((p) => p.trim()) ? expected(parts) : null;
      expect(digest(parts), JSON.stringify(parts)).toBe(want);
    }
  });
});
