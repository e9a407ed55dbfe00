import { describe, expect, it } from 'vitest';
import { filterOf, isFiltered, reportSearch, searchOf } from './report-search';

describe('reportSearch (the crawl page address)', () => {
  it('keeps a well-formed filter, sort and open URL', () => {
    const search = reportSearch({
      verdict: 'excluded',
      reason: 'noindex',
      q: ' blog ',
      issue: 'missing-title',
      sort: 'inlinks',
      dir: 'desc',
      url: 'https://example.com/a?b=1',
    });
    expect(search).toEqual({
      verdict: 'excluded',
      reason: 'noindex',
      q: 'blog',
      issue: 'missing-title',
      sort: 'inlinks',
      dir: 'desc',
      url: 'https://example.com/a?b=1',
    });
    expect(filterOf(search)).not.toHaveProperty('url');
    expect(isFiltered(filterOf(search))).toBe(true);
  });

  it('drops what is malformed instead of failing the page', () => {
    expect(
      reportSearch({
        verdict: 'maybe',
        reason: 'Robots!',
        q: 'x'.repeat(201),
        issue: '<script>',
        sort: 'size',
        dir: 'up',
        url: '',
      }),
    ).toEqual({});
  });

  it('counts sorting alone as no filter', () => {
    expect(isFiltered({ sort: 'url', dir: 'asc' })).toBe(false);
  });

  it('reads a change filter of the change report, and only a known one', () => {
    expect(reportSearch({ change: 'changed' })).toEqual({ change: 'changed' });
    expect(reportSearch({ change: 'removed' })).toEqual({});
    expect(isFiltered({ change: 'added' })).toBe(true);
  });

  it("opens on the site's own URLs; the address names the external and all tabs only", () => {
    expect(filterOf(reportSearch({}))).toEqual({ scope: 'internal' });
    expect(filterOf(reportSearch({ scope: 'external' }))).toEqual({ scope: 'external' });
    expect(filterOf(reportSearch({ scope: 'all' }))).toEqual({});
    expect(reportSearch({ scope: 'outside' })).toEqual({});
    expect(searchOf({ scope: 'internal', sort: 'url' })).toEqual({ sort: 'url' });
    expect(searchOf({ scope: 'external' })).toEqual({ scope: 'external' });
    expect(searchOf({})).toEqual({ scope: 'all' });
    // The tab is a view, not a filter: the default view is not "(filtered)".
    expect(isFiltered(filterOf(reportSearch({})))).toBe(false);
  });

  it('keeps the charts’ filters when well formed, and drops them otherwise', () => {
    const good = reportSearch({
      depth: 3,
      httpStatus: '4xx',
      time: '1-3s',
      under: 'https://example.com/blog/',
    });
    expect(good).toEqual({
      depth: '3',
      httpStatus: '4xx',
      time: '1-3s',
      under: 'https://example.com/blog/',
    });
    expect(isFiltered(filterOf(good))).toBe(true);
    expect(reportSearch({ depth: '10+' })).toEqual({ depth: '10+' });
    expect(
      reportSearch({ depth: 'deep', httpStatus: '99', time: 'slow', under: '/blog/' }),
    ).toEqual({});
  });
});
