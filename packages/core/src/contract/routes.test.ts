import { describe, expect, it } from 'vitest';
import { GUIDE_SLUGS, isAppPath } from './routes.js';

describe('isAppPath', () => {
  it('accepts the pages of spec §2, with or without a trailing slash', () => {
    for (const path of ['/', '/login', '/dashboard/', '/pricing', '/terms'])
      expect(isAppPath(path), path).toBe(true);
  });

  it('accepts the guides’ index and the six guides, and nothing else under /how-to', () => {
    for (const slug of GUIDE_SLUGS) expect(isAppPath(`/how-to/${slug}`)).toBe(true);
    expect(isAppPath('/how-to')).toBe(true);
    expect(isAppPath('/how-to/')).toBe(true);
    expect(isAppPath('/how-to/unknown')).toBe(false);
    expect(isAppPath('/how-to/sitemap-generator-guide/extra')).toBe(false);
  });

  it('accepts a crawl page of any job id shape the contract accepts', () => {
    expect(isAppPath('/crawls/0b6e94a1-0000-4000-8000-000000000000')).toBe(true);
    expect(isAppPath('/crawls/abc/')).toBe(true);
    // `/crawls/` is the history page itself (issue 26), as `/crawls` is.
    expect(isAppPath('/crawls/')).toBe(true);
    expect(isAppPath('/crawls/a/b')).toBe(false);
    expect(isAppPath(`/crawls/${'a'.repeat(65)}`)).toBe(false);
  });

  it('refuses unknown paths', () => {
    for (const path of ['/nope', '/login/x', '/LOGIN', '/api'])
      expect(isAppPath(path), path).toBe(false);
  });
});
