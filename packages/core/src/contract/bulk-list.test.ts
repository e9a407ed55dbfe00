import { describe, expect, it } from 'vitest';
import { createUrlPolicy } from '../net/url-policy.js';
import { isBulkListTooLong, parseBulkList } from './bulk-list.js';

const policy = createUrlPolicy();

describe('parseBulkList', () => {
  it('reads one site a line, skips blanks and comments, and reports bad lines by number', () => {
    const list = [
      '\uFEFF# agency clients',
      'https://example.com/',
      '',
      'shop.example.org',
      'hello',
      'mailto:someone@example.com',
      '"https://blog.example.net/",Blog,weekly',
      'HTTPS://EXAMPLE.COM/',
      'https://exa mple.com/',
    ].join('\r\n');
    const parsed = parseBulkList(list, policy);
    expect(parsed.sites).toEqual([
      { line: 2, url: 'https://example.com/' },
      { line: 4, url: 'https://shop.example.org/' },
      { line: 7, url: 'https://blog.example.net/' },
    ]);
    expect(parsed.rejected).toEqual([
      {
        line: 5,
        text: 'hello',
        reason: expect.stringMatching(/not a site address/),
        code: 'input.invalid',
      },
      {
        line: 6,
        text: 'mailto:someone@example.com',
        reason: 'Only http:// and https:// sites can be crawled',
        code: 'input.invalid',
      },
      {
        line: 8,
        text: 'HTTPS://EXAMPLE.COM/',
        reason: 'The same site as line 2',
        code: 'input.invalid',
      },
      {
        line: 9,
        text: 'https://exa mple.com/',
        reason: expect.stringMatching(/not a site/),
        code: 'input.invalid',
      },
    ]);
    expect(parsed.siteLines).toBe(7);
  });

  it('says when a list holds more than 100 site lines, and quotes long lines cut short', () => {
    const many = Array.from({ length: 101 }, (_, i) => `s${i}.example.com`).join('\n');
    expect(isBulkListTooLong(parseBulkList(many, policy))).toBe(true);
    expect(isBulkListTooLong(parseBulkList(many.split('\n').slice(1).join('\n'), policy))).toBe(
      false,
    );
    const long = `not a url ${'x'.repeat(500)}`;
    expect(parseBulkList(long, policy).rejected[0]?.text).toHaveLength(200);
  });

  it('refuses other schemes with the reason, and reads host:port as a site', () => {
    expect(parseBulkList('example.com:8080/shop', policy).sites).toEqual([
      { line: 1, url: 'https://example.com:8080/shop' },
    ]);
    expect(parseBulkList('ftp://files.example.com/', policy).rejected[0]?.reason).toBe(
      'Only http:// and https:// sites can be crawled',
    );
  });
});
