import { describe, expect, it } from 'vitest';
import { GUIDE_INFO, headForPath, readMinutes } from './page-meta.js';

describe('page heads', () => {
  it('gives each route its own title, noindex on account pages, null for unknown paths', () => {
    expect(headForPath('/login')).toMatchObject({ title: 'Sign In | Mapsmith', noindex: true });
    expect(headForPath('/pricing/')?.canonicalPath).toBe('/pricing');
    expect(headForPath('/pricing')?.noindex).toBeUndefined();
    expect(headForPath('/how-to/rss-feed-generator-guide')).toMatchObject({
      title: 'RSS Feeds as Sitemaps: A Practical Guide | Mapsmith',
      guide: { slug: 'rss-feed-generator-guide' },
    });
    expect(headForPath('/how-to/nope')).toBeNull();
    expect(headForPath('/nope')).toBeNull();
  });

  it('computes read times from words: a 428-word guide is a 2-minute read, not 20', () => {
    expect(readMinutes(428)).toBe(2);
    expect(readMinutes(90)).toBe(1);
    for (const g of GUIDE_INFO) expect(readMinutes(g.words)).toBeLessThanOrEqual(3);
  });
});
