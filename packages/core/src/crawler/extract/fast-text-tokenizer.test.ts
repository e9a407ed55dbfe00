import { Parser, Tokenizer } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { FastTextTokenizer, fastTextInUse } from './fast-text-tokenizer.js';

/** Every callback htmlparser2 makes, in order, with its arguments. */
function events(html: string, tokenizer: typeof Tokenizer, chunk = html.length): string[] {
  const log: string[] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      log.push(`${name} ${JSON.stringify(args)}`);
  const parser = new Parser(
    {
      onopentag: record('open'),
      onclosetag: record('close'),
      ontext: record('text'),
      oncomment: record('comment'),
      oncdatastart: record('cdata'),
      onprocessinginstruction: record('pi'),
      onattribute: record('attr'),
    },
    {
      decodeEntities: true,
      lowerCaseTags: true,
      lowerCaseAttributeNames: true,
      Tokenizer: tokenizer,
    },
  );
  for (let i = 0; i < html.length; i += chunk) parser.write(html.slice(i, i + chunk));
  parser.end();
  return log;
}

const PAGES = [
  '<!doctype html><html><head><title>A &amp; B &lt;C&gt;</title></head><body><p>Plain text, long enough to skip. &copy 2024 &ampx &#38; &#x26; &nbsp;&notin;</p></body></html>',
  '<p>text<script>if (a < b && c) { x = "</p>"; }</script>after<style>p > a { color: red }</style>&amp;end',
  '<a href="/x?a=1&amp;b=2&c">link &amp text</a><!-- a comment & < here --><![CDATA[ raw & ]]>tail & more <b>bold</b>',
  '<textarea>a &amp; <b> b</textarea><title>t &lt; u</title>no tags at all & an ampersand at the end &',
  'just text without any markup at all, then an unfinished <tag',
];

describe('FastTextTokenizer', () => {
  it('is in use with the installed htmlparser2', () => {
    expect(fastTextInUse).toBe(true);
  });

  it('gives the plain Tokenizer events, whole and cut into chunks', () => {
    for (const html of PAGES)
      for (const chunk of [html.length, 1, 7, 64])
        expect(events(html, FastTextTokenizer, chunk), `${chunk}: ${html}`).toEqual(
          events(html, Tokenizer, chunk),
        );
  });

  it('finds an ampersand in a chunk that repeats the one before', () => {
    const repeated = 'x&amp;y'.repeat(3);
    const decoded = events(repeated, FastTextTokenizer, 7);
    expect(decoded).toEqual(events(repeated, Tokenizer, 7));
    expect(decoded.join('')).not.toContain('amp');
  });

  it('gives the same events on 2,000 seeded random edits of the pages', () => {
    const pieces = ['<', '>', '&', ';', '&amp;', '&#', 'x', ' ', '</p>', '<p>', '<script>', '-->'];
    let seed = 7;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    for (let k = 0; k < 2000; k++) {
      let html = PAGES[k % PAGES.length] ?? '';
      for (let edits = 1 + random(3); edits > 0; edits--) {
        const at = random(html.length + 1);
        html = html.slice(0, at) + (pieces[random(pieces.length)] ?? '') + html.slice(at);
      }
      const chunk = 1 + random(40);
      expect(events(html, FastTextTokenizer, chunk), html).toEqual(events(html, Tokenizer, chunk));
    }
  });
});
