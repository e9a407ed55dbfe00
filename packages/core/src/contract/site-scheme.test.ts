import { describe, expect, it } from 'vitest';
import { createUrlPolicy } from '../net/url-policy.js';
import { parseBulkList } from './bulk-list.js';
import { operations } from './operations.js';
import { scheduleCreateInput } from './schedule-schemas.js';
import { siteUrl } from './schemas.js';
import { SITE_ADDRESS_HINT } from './site-scheme.js';

/** Walkthrough defect 11: a bare domain is a site address in every form that asks for one. */
describe('a site address typed without a scheme', () => {
  it('reads example.com, www.example.com and host:port as https', () => {
    expect(siteUrl.parse('example.com')).toBe('https://example.com');
    expect(siteUrl.parse('  www.example.com/shop ')).toBe('https://www.example.com/shop');
    expect(siteUrl.parse('127.0.0.1:3201')).toBe('https://127.0.0.1:3201');
    expect(siteUrl.parse('http://example.com/')).toBe('http://example.com/');
  });

  it('is the same in a crawl start, a schedule and a bulk list', () => {
    expect(operations['crawl.start'].input.parse({ url: 'example.com' })).toEqual({
      url: 'https://example.com',
    });
    const schedule = scheduleCreateInput.parse({
      url: 'www.example.com',
      frequency: 'daily',
      time: '06:30',
      timeZone: 'Europe/Berlin',
      after: { publish: true, mail: false, indexNow: false },
    });
    expect(schedule.url).toBe('https://www.example.com');
    const bulk = parseBulkList('example.com\nwww.example.com', createUrlPolicy({}));
    expect(bulk.sites.map((s) => s.url)).toEqual([
      'https://example.com/',
      'https://www.example.com/',
    ]);
  });

  it('refuses a bare word, another scheme and text with spaces, in plain words', () => {
    for (const bad of ['example', 'ftp://example.com', 'mailto:me@example.com', 'my site']) {
      const parsed = siteUrl.safeParse(bad);
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(SITE_ADDRESS_HINT);
    }
  });
});
