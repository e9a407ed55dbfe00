import { describe, expect, it } from 'vitest';
import { GUIDE_SLUGS, isAppPath } from './routes.js';

describe('isAppPath', () => {
  it('accepts the pages of spec §2, with or without a trailing slash', () => {
    for (const path of ['/', '/login', '/dashboard/', '/pricing', '/terms'])
      expect(isAppPath(path), path).toBe(true);
  });

  it('accepts the six guides and nothing else under /how-to', () => {
    for (const slug of GUIDE_SLUGS) expect(isAppPath(`/how-to/${slug}`)).toBe(true);
    expect(isAppPath('/how-to/')).toBe(false);
    expect(isAppPath('/how-to/unknown')).toBe(false);
    expect(isAppPath('/how-to/sitemap-generator-guide/extra')).toBe(false);
  });

  it('refuses unknown paths', () => {
    for (const path of ['/nope', '/login/x', '/LOGIN', '/api'])
      expect(isAppPath(path), path).toBe(false);
  });
});
