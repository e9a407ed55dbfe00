import { describe, expect, it } from 'vitest';
import { blankRecord } from './page-record.js';
import { decideVerdict } from './verdict.js';

/** A fetched HTML page at `url` with these fields. */
const page = (url: string, extra: Partial<ReturnType<typeof blankRecord>> = {}) => ({
  ...blankRecord({ url, depth: 0, foundVia: 'link' }),
  status: 200,
  contentType: 'text/html',
  ...extra,
});

describe('the verdict of a fetched page', () => {
  it('lists a page whose canonical names it, as written or in another form of the same URL', () => {
    const url = 'https://shop.example/p/1';
    expect(decideVerdict(page(url, { canonical: url }), null, false)).toEqual({ included: true });
    const other = 'HTTPS://SHOP.example:443/p/./1#top';
    expect(decideVerdict(page(url, { canonical: other }), null, false)).toEqual({
      included: true,
    });
  });

  it('leaves out a page whose canonical names another, said as a path on its own site', () => {
    const verdict = decideVerdict(
      page('https://shop.example/p/1?color=red', { canonical: 'https://shop.example/p/1' }),
      null,
      true,
    );
    expect(verdict).toMatchObject({ included: false, code: 'canonical' });
    expect(verdict.included ? '' : verdict.reason).toBe('excluded: canonical -> /p/1');
  });

  it('leaves out a URL with a query unless query URLs are listed, and only a real query', () => {
    const query = page('https://shop.example/search?q=maps');
    expect(decideVerdict(query, null, false)).toMatchObject({ code: 'query' });
    expect(decideVerdict(query, null, true)).toEqual({ included: true });
    expect(decideVerdict(page('https://shop.example/search?'), null, false)).toEqual({
      included: true,
    });
  });

  it('says where a redirect went, as a path on the same site and whole elsewhere', () => {
    const hop = { url: 'https://shop.example/old', status: 301 };
    const same = page(hop.url, { redirectChain: [hop], finalUrl: 'https://shop.example/new' });
    const away = page(hop.url, { redirectChain: [hop], finalUrl: 'https://other.example/x' });
    const reason = (v: ReturnType<typeof decideVerdict>) => (v.included ? '' : v.reason);
    expect(reason(decideVerdict(same, null, false))).toBe('excluded: 301 -> /new');
    expect(reason(decideVerdict(away, null, false))).toBe(
      'excluded: 301 -> https://other.example/x',
    );
  });
});
