import { describe, expect, it } from 'vitest';
import { decodeHtml, sniffEncoding } from './charset.js';

/** Bytes of a string, one byte per character (for hand-built legacy encodings). */
const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part,
    ),
  );

describe('HTML encoding sniffing', () => {
  const cafe = bytes('<html><head><meta charset="windows-1252"><title>Caf', [0xe9], '</title>');

  it('reads a meta charset when the header has none', () => {
    expect(sniffEncoding(cafe, 'text/html')).toBe('windows-1252');
    expect(decodeHtml(cafe, 'text/html')).toContain('<title>Café</title>');
  });

  it('reads the http-equiv form and the legacy label latin1 (windows-1252 per WHATWG)', () => {
    const page = bytes(
      '<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1"><p>',
      [0xfc],
    );
    expect(sniffEncoding(page, undefined)).toBe('windows-1252');
    expect(decodeHtml(page, undefined)).toContain('<p>ü');
  });

  it('decodes Shift_JIS declared in a meta tag', () => {
    // "日本" in Shift_JIS.
    const page = bytes('<meta charset=shift_jis><h1>', [0x93, 0xfa, 0x96, 0x7b], '</h1>');
    expect(decodeHtml(page, 'text/html')).toContain('<h1>日本</h1>');
  });

  it('lets the header win over the meta tag, and a BOM win over both', () => {
    const utf8 = new TextEncoder().encode('<meta charset="windows-1252"><title>Café</title>');
    expect(decodeHtml(utf8, 'text/html; charset=utf-8')).toContain('Café');
    const withBom = Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8]);
    expect(sniffEncoding(withBom, 'text/html; charset=windows-1252')).toBe('utf-8');
    expect(decodeHtml(withBom, undefined).startsWith('<meta')).toBe(true);
  });

  it('falls back to UTF-8 for unknown labels, a UTF-16 meta tag, or a tag past 1,024 bytes', () => {
    expect(sniffEncoding(bytes('<meta charset="no-such-thing">'), undefined)).toBe('utf-8');
    expect(sniffEncoding(bytes('<meta charset="utf-16">'), 'text/html; charset=bogus')).toBe(
      'utf-8',
    );
    const late = bytes(`<!--${' '.repeat(1100)}--><meta charset="windows-1252">`);
    expect(sniffEncoding(late, undefined)).toBe('utf-8');
  });
});
