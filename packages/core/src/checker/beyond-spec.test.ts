import { describe, expect, it } from 'vitest';
import * as m from './messages.js';
import { checkSitemap, SitemapChecker } from './sitemap-checker.js';

const DECL = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const EXT =
  ' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml"';
const urlset = (body: string) => `${DECL}<urlset ${NS}${EXT}>\n${body}\n</urlset>`;
const url = (loc: string, more = '') => `<url><loc>${loc}</loc>${more}</url>`;
const messages = (list: { message: string }[]) => list.map((x) => x.message);
const NOW = Date.UTC(2024, 5, 1);

describe('checks beyond the spec', () => {
  it('errors on a loc of 2,048 characters or more', () => {
    const long = `https://a.example/${'x'.repeat(2030)}`;
    const r = checkSitemap(urlset(url(long)));
    expect(messages(r.errors)).toEqual([m.locTooLong(long.length)]);
    expect(checkSitemap(urlset(url(long.slice(0, 2047)))).isValid).toBe(true);
  });

  it("errs once on URLs off the first URL's scheme and host when the file's URL is unknown (issue 25 point 9)", () => {
    const body = [
      url('https://a.example/'),
      url('https://b.example/x'),
      url('http://a.example/y'),
      url('https://A.example:443/z'),
    ].join('\n');
    const r = checkSitemap(urlset(body));
    expect(r.errors).toEqual([
      { message: m.otherOriginThanFirst(2, 'https://a.example', 'https://b.example/x'), line: 4 },
    ]);
    expect(messages(r.warnings)).toEqual([m.LOW_VALID_RATIO]);
    expect(r.stats).toEqual({ totalUrls: 4, validUrls: 2, duplicateUrls: 0 });
  });

  it('warns once about links to other hosts in a feed, which has no origin rule', () => {
    const items = ['https://a.example/', 'https://b.example/x', 'https://b.example/y']
      .map((link) => `<item><link>${link}</link></item>`)
      .join('\n');
    const r = checkSitemap(`${DECL}<rss version="2.0"><channel>\n${items}\n</channel></rss>`);
    expect(r.warnings).toContainEqual({
      message: m.otherHost(2, 'a.example', 'https://b.example/x'),
      line: 4,
    });
    expect(r.isValid).toBe(true);
  });

  it("flags URLs off a known sitemap URL's scheme and host, and warns about its folder (issue 18)", () => {
    const body = [
      url('https://a.example/blog/1'),
      url('https://b.example/blog/x'),
      url('http://a.example/blog/2'),
      url('https://a.example/shop/3'),
    ].join('\n');
    const r = checkSitemap(urlset(body), { sitemapUrl: 'https://a.example/blog/sitemap.xml' });
    expect(r.errors).toEqual([
      { message: m.otherOrigin(2, 'https://a.example', 'https://b.example/blog/x'), line: 4 },
    ]);
    expect(r.warnings).toContainEqual({
      message: m.outsideFolder(1, 'https://a.example/blog/', 'https://a.example/shop/3'),
      line: 6,
    });
    expect(r.stats).toMatchObject({ totalUrls: 4, validUrls: 2 });
    expect(r.isValid).toBe(false);
  });

  it('flags a second <loc> in an entry and an empty news:name (issue 18)', () => {
    const r = checkSitemap(
      urlset('<url><loc>https://a.example/1</loc><loc>https://a.example/2</loc></url>'),
    );
    expect(r.errors).toEqual([{ message: m.MORE_THAN_ONE_LOC, line: 3 }]);
    const news = checkSitemap(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">\n<url><loc>https://a.example/n</loc><news:news><news:publication><news:name></news:name><news:language>en</news:language></news:publication><news:publication_date>2026-01-01</news:publication_date><news:title>T</news:title></news:news></url>\n</urlset>`,
    );
    expect(news.errors).toEqual([{ message: m.EMPTY_NEWS_NAME, line: 3 }]);
    const index = checkSitemap(
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<sitemap><loc>https://a.example/s1.xml</loc><loc>https://a.example/s2.xml</loc></sitemap>\n</sitemapindex>',
    );
    expect(index.errors).toEqual([{ message: m.MORE_THAN_ONE_LOC, line: 3 }]);
  });

  it('checks a text sitemap by the protocol’s rules: one URL a line (issue 25 point 9)', () => {
    const good = checkSitemap('\nhttps://a.example/\nhttps://a.example/about\n');
    expect(good).toMatchObject({ isValid: true, kind: 'text', errors: [], warnings: [] });
    expect(good.stats).toEqual({ totalUrls: 2, validUrls: 2, duplicateUrls: 0 });
    const bad = checkSitemap(
      'https://a.example/\r\nftp://a.example/f\r\nhttps://a.example/\r\nnot a url\r\n',
      { sitemapUrl: 'https://a.example/sitemap.txt' },
    );
    expect(bad.kind).toBe('text');
    expect(bad.stats).toEqual({ totalUrls: 4, validUrls: 1, duplicateUrls: 1 });
    expect(bad.errors).toEqual([
      { message: m.invalidProtocol('ftp://a.example/f'), line: 2 },
      { message: m.invalidUrlFormat('not a url'), line: 4 },
    ]);
    expect(messages(bad.warnings)).toContain(m.duplicatesFound(1, 'https://a.example/'));
    // Another origin than the file's own, as for a urlset.
    const foreign = checkSitemap('https://a.example/\nhttps://b.example/x\n', {
      sitemapUrl: 'https://a.example/sitemap.txt',
    });
    expect(foreign.isValid).toBe(false);
    expect(foreign.stats.validUrls).toBe(1);
  });

  it('reads a text sitemap split anywhere, even inside a line', () => {
    const text = Array.from({ length: 500 }, (_, i) => `https://a.example/p/${i}`).join('\n');
    const checker = new SitemapChecker({ sitemapUrl: 'https://a.example/sitemap.txt' });
    for (let at = 0; at < text.length; at += 97) checker.write(text.slice(at, at + 97));
    expect(checker.end()).toMatchObject({
      isValid: true,
      kind: 'text',
      stats: { totalUrls: 500, validUrls: 500, duplicateUrls: 0 },
    });
  });

  it('errors on a file over 52,428,800 bytes', () => {
    const entry = `${url(`https://a.example/${'p'.repeat(1000)}`)}\n`;
    const body = entry.repeat(Math.ceil(52_428_800 / entry.length));
    const r = checkSitemap(urlset(body), { maxMessages: 5 });
    expect(messages(r.errors)).toContainEqual(
      expect.stringMatching(/^Sitemap is 52,4\d\d,\d\d\d bytes uncompressed/),
    );
  });

  it('warns about more than 1,000 images, incomplete videos and deprecated tags', () => {
    const images =
      '<image:image><image:loc>https://a.example/i.png</image:loc></image:image>'.repeat(1001);
    const video =
      '<video:video><video:thumbnail_loc>https://a.example/t.jpg</video:thumbnail_loc><video:title>t</video:title><video:player_loc allow_embed="yes">https://a.example/p</video:player_loc><video:category>c</video:category></video:video>';
    const caption =
      '<image:image><image:loc>https://a.example/c.png</image:loc><image:caption>c</image:caption></image:image>';
    const r = checkSitemap(
      urlset(
        [url('https://a.example/1', images), url('https://a.example/2', video + caption)].join(
          '\n',
        ),
      ),
    );
    expect(r.isValid).toBe(true);
    expect(messages(r.warnings)).toEqual([
      m.tooManyImages(1001),
      m.videoMissingFields(['description']),
      m.deprecatedTag('attribute video:player_loc allow_embed/autoplay', 1),
      m.deprecatedTag('tag video:category', 1),
      m.deprecatedTag('tag image:caption', 1),
    ]);
  });

  it('warns about news older than two days', () => {
    const news = (date: string) =>
      `<news:news><news:publication><news:name>A</news:name></news:publication><news:publication_date>${date}</news:publication_date></news:news>`;
    const body = [
      url('https://a.example/1', news('2024-05-20')),
      url('https://a.example/2', news('2024-05-31T12:00:00Z')),
    ].join('\n');
    const doc = `${DECL}<urlset ${NS} xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">\n${body}\n</urlset>`;
    expect(messages(checkSitemap(doc, { now: NOW }).warnings)).toEqual([m.oldNews(1)]);
  });

  it('warns about future lastmod and one lastmod on every URL', () => {
    const lm = (d: string) => `<lastmod>${d}</lastmod>`;
    const future = checkSitemap(
      urlset(
        [
          url('https://a.example/1', lm('2030-01-01')),
          url('https://a.example/2', lm('2024-01-01')),
        ].join(''),
      ),
      { now: NOW },
    );
    expect(messages(future.warnings)).toEqual([m.futureLastmod(1, '2030-01-01')]);
    const same = checkSitemap(
      urlset(
        [1, 2, 3].map((i) => url(`https://a.example/${i}`, lm('2024-05-01T00:00:00Z'))).join(''),
      ),
      { now: NOW },
    );
    expect(messages(same.warnings)).toEqual([m.sameLastmod('2024-05-01T00:00:00Z')]);
  });

  it('warns about hreflang alternates that do not link back', () => {
    const link = (lang: string, href: string) =>
      `<xhtml:link rel="alternate" hreflang="${lang}" href="${href}"/>`;
    const body = [
      url(
        'https://a.example/en',
        link('en', 'https://a.example/en') +
          link('de', 'https://a.example/de') +
          link('fr', 'https://a.example/fr'),
      ),
      url(
        'https://a.example/de',
        link('de', 'https://a.example/de') + link('en', 'https://a.example/en'),
      ),
      url('https://a.example/fr'),
    ].join('\n');
    const r = checkSitemap(urlset(body));
    expect(r.warnings).toEqual([
      { message: m.hreflangNotReciprocal('https://a.example/en', 'https://a.example/fr'), line: 3 },
    ]);
  });

  it('errors once on a namespace prefix that is not declared', () => {
    const body = [1, 2]
      .map((i) =>
        url(
          `https://a.example/${i}`,
          '<img:image><img:loc>https://a.example/i.png</img:loc></img:image>',
        ),
      )
      .join('\n');
    const r = checkSitemap(urlset(body));
    expect(r.errors).toEqual([{ message: m.undeclaredPrefix('img'), line: 3 }]);
  });

  it('caps long message lists and says how many more there are', () => {
    const body = Array.from({ length: 30 }, () => url('ftp://a.example/')).join('');
    const r = checkSitemap(urlset(body), { maxMessages: 10 });
    expect(r.errors).toHaveLength(11);
    expect(r.errors[10]).toEqual({ message: '...and 20 more errors not listed' });
  });
});
