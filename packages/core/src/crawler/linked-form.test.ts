// Issue 18 point 2: robots.txt is asked about, and the server is asked for, the URL as the site
// linked it; the sorted key only de-duplicates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MiniSite, page, startMiniSite } from '../../../../tests/fixtures/mini/mini-site.js';
import { crawlFixture, type FixtureCrawl } from '../../../../tests/fixtures/site/crawl-helper.js';

describe('links are fetched and matched against robots.txt as linked', () => {
  let site: MiniSite;
  let crawl: FixtureCrawl;
  beforeAll(async () => {
    site = await startMiniSite({
      '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /list?sort=\n' },
      '/': {
        body: page(
          'Home',
          '<a href="/list?sort=asc&page=2">sorted</a> <a href="/list?page=3&sort=asc">third</a> ' +
            '<a href="/other?b=2&a=1">other</a> <a href="/other?a=1&b=2">same other</a>',
        ),
      },
      '/list': { body: page('List', 'list') },
      '/other': { body: page('Other', 'other') },
    });
    crawl = await crawlFixture(`${site.origin}/`, { listQueryUrls: true });
  });
  afterAll(() => site.close());

  it('refuses a link robots.txt disallows as written, without fetching a reordered form', () => {
    expect(site.requests).not.toContain('/list?sort=asc&page=2');
    expect(site.requests).not.toContain('/list?page=2&sort=asc');
    const blocked = crawl.pages.get(`${site.origin}/list?sort=asc&page=2`);
    expect(blocked?.verdict).toMatchObject({ included: false, code: 'robots' });
  });

  it('fetches and lists the form the site linked, once per page', () => {
    expect(site.requests).toContain('/list?page=3&sort=asc');
    expect(site.requests.filter((r) => r.startsWith('/other'))).toEqual(['/other?b=2&a=1']);
    expect(crawl.listed).toEqual([
      `${site.origin}/`,
      `${site.origin}/list?page=3&sort=asc`,
      `${site.origin}/other?b=2&a=1`,
    ]);
  });
});
