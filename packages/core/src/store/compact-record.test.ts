import { describe, expect, it } from 'vitest';
import { blankRecord } from '../crawler/page-record.js';
import type { PageRecord } from '../crawler/types.js';
import { compactRecord, expandRecord } from './compact-record.js';

const key = 'https://example.com/a';
const base = (): PageRecord => ({
  ...blankRecord({ url: key, depth: 2, foundVia: 'link' }),
  status: 200,
  contentType: 'text/html',
  title: 'A',
  images: [{ src: 'https://example.com/i.png', alt: null }],
  verdict: { included: true },
});

describe('compact records', () => {
  it('round-trips a typical record with its fields in order, in less text', () => {
    const page = base();
    const text = compactRecord(key, page);
    expect(expandRecord(key, text)).toEqual(page);
    expect(Object.keys(expandRecord(key, text))).toEqual(Object.keys(page));
    expect(text.length).toBeLessThan(JSON.stringify(page).length / 3);
  });

  it('round-trips unusual values: errors, redirects, another url, empty strings and zeros', () => {
    const page: PageRecord = {
      ...base(),
      url: 'https://example.com/other',
      finalUrl: 'https://example.com/b',
      redirectChain: [{ url: 'https://example.com/other', status: 301 }],
      status: 0,
      contentType: null,
      title: '',
      robots: { meta: ['noindex'], header: [], noindex: true, nofollow: false },
      verdict: { included: false, code: 'noindex', reason: 'excluded: noindex' },
      error: 'x',
      foundVia: 'start',
    };
    expect(expandRecord(key, compactRecord(key, page))).toEqual(page);
  });
});
