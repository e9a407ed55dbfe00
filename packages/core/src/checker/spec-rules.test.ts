import { describe, expect, it } from 'vitest';
import * as m from './messages.js';
import { checkSitemap } from './sitemap-checker.js';

const DECL = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const urlset = (body: string, extra = '') => `${DECL}<urlset ${NS}${extra}>\n${body}\n</urlset>`;
const url = (loc: string, more = '') => `<url><loc>${loc}</loc>${more}</url>`;
const messages = (list: { message: string }[]) => list.map((x) => x.message);

describe('spec §5: document level', () => {
  it('accepts a clean urlset', () => {
    const r = checkSitemap(urlset(`${url('https://a.example/')}\n${url('https://a.example/b')}`));
    expect(r).toEqual({
      isValid: true,
      errors: [],
      warnings: [],
      stats: { totalUrls: 2, validUrls: 2, duplicateUrls: 0 },
      kind: 'urlset',
    });
  });

  it('warns about a missing XML declaration and a missing namespace', () => {
    const r = checkSitemap(`<urlset>${url('https://a.example/')}</urlset>`);
    expect(r.isValid).toBe(true);
    expect(r.warnings).toEqual([
      { message: 'Missing XML declaration', line: 1 },
      { message: 'Missing or incorrect sitemap namespace', line: 1 },
    ]);
  });

  it('refuses an unknown root', () => {
    const r = checkSitemap(`${DECL}<html><body/></html>`);
    expect(r.isValid).toBe(false);
    expect(r.errors).toEqual([
      {
        message:
          'Unknown sitemap format. Expected urlset, sitemapindex, rss, news, image, or video sitemap.',
        line: 2,
      },
    ]);
  });

  it('reports a parse failure with detail and line', () => {
    const r = checkSitemap(`${DECL}<urlset ${NS}>\n<url><loc>https://a.example/</url>\n</urlset>`);
    expect(r.isValid).toBe(false);
    expect(r.errors[0]?.message).toMatch(/^XML parsing error: 3:\d+: unexpected close tag/);
    expect(r.errors[0]?.line).toBe(3);
    expect(checkSitemap('').errors[0]?.message).toMatch(/^XML parsing error: /);
  });
});

describe('spec §5: url set', () => {
  it('warns when there are no URLs', () => {
    expect(messages(checkSitemap(urlset('')).warnings)).toEqual([m.NO_URLS]);
  });

  it('requires loc, http(s) and a valid URL, with lines', () => {
    const body = [
      url('https://a.example/ok'),
      '<url><lastmod>2024-01-01</lastmod></url>',
      url('ftp://a.example/file'),
      url('not a url'),
      url('javascript:alert(1)'),
    ].join('\n');
    const r = checkSitemap(urlset(body));
    expect(r.isValid).toBe(false);
    expect(r.errors).toEqual([
      { message: 'Missing loc element', line: 4 },
      { message: 'Invalid protocol: ftp://a.example/file', line: 5 },
      { message: 'Invalid URL format: not a url', line: 6 },
      { message: 'Invalid protocol: javascript:alert(1)', line: 7 },
    ]);
    expect(r.stats).toEqual({ totalUrls: 5, validUrls: 1, duplicateUrls: 0 });
    expect(messages(r.warnings)).toContain(m.LOW_VALID_RATIO);
  });

  it('counts duplicates, not as valid URLs, in one warning (issue 25 point 9)', () => {
    const r = checkSitemap(
      urlset(
        [url('https://a.example/'), url('https://a.example/'), url(' https://a.example/ ')].join(
          '\n',
        ),
      ),
    );
    expect(r.isValid).toBe(true);
    expect(r.stats).toEqual({ totalUrls: 3, validUrls: 1, duplicateUrls: 2 });
    expect(r.warnings).toEqual([
      { message: m.duplicatesFound(2, 'https://a.example/'), line: 4 },
      { message: m.LOW_VALID_RATIO },
    ]);
    expect(m.duplicatesFound(2, 'https://a.example/')).toBe(
      'Found 2 duplicate URLs (not counted as valid), e.g. https://a.example/',
    );
  });

  it('warns about priority, lastmod and changefreq values', () => {
    const body = [
      url('https://a.example/1', '<priority>1.5</priority>'),
      url('https://a.example/2', '<priority>high</priority>'),
      url('https://a.example/3', '<priority>0.5</priority><lastmod>2024-13-45</lastmod>'),
      url('https://a.example/4', '<lastmod>yesterday</lastmod><changefreq>sometimes</changefreq>'),
      url(
        'https://a.example/5',
        '<lastmod>2024-02-29T10:00:00+02:00</lastmod><changefreq>weekly</changefreq>',
      ),
    ].join('\n');
    const r = checkSitemap(urlset(body));
    expect(r.isValid).toBe(true);
    expect(messages(r.warnings)).toEqual([
      m.invalidPriority('1.5'),
      m.invalidPriority('high'),
      'Invalid lastmod date: 2024-13-45',
      'Invalid lastmod date: yesterday',
      m.invalidChangefreq('sometimes'),
    ]);
  });

  it('errors above 50,000 URLs', () => {
    const body = Array.from({ length: 50_001 }, (_, i) => url(`https://a.example/${i}`)).join('');
    const r = checkSitemap(urlset(body));
    expect(r.isValid).toBe(false);
    expect(messages(r.errors)).toEqual(['Sitemap contains more than 50,000 URLs (50,001)']);
    expect(r.stats.totalUrls).toBe(50_001);
  });
});

describe('spec §5: other kinds', () => {
  it('sitemap index: warns that it is one and checks its entries', () => {
    const body = [
      '<sitemap><loc>https://a.example/s1.xml</loc><lastmod>2024-01-01</lastmod></sitemap>',
      '<sitemap><loc>https://a.example/s1.xml</loc><lastmod>soon</lastmod></sitemap>',
      '<sitemap><loc>mailto:x@a.example</loc></sitemap>',
      '<sitemap><lastmod>2024-01-01</lastmod></sitemap>',
      '<sitemap><loc>::</loc></sitemap>',
    ].join('\n');
    const r = checkSitemap(`${DECL}<sitemapindex ${NS}>\n${body}\n</sitemapindex>`);
    expect(r.kind).toBe('sitemapindex');
    expect(r.isValid).toBe(false);
    expect(messages(r.errors)).toEqual([
      'Invalid protocol: mailto:x@a.example',
      'Missing loc element',
      'Invalid URL format: ::',
    ]);
    expect(messages(r.warnings)).toEqual([
      m.SITEMAP_INDEX,
      'Invalid lastmod date: soon',
      m.duplicatesFound(1, 'https://a.example/s1.xml'),
      m.LOW_VALID_RATIO,
    ]);
    expect(r.stats).toEqual({ totalUrls: 5, validUrls: 1, duplicateUrls: 1 });
  });

  it('RSS: warns that it is a feed; link problems are warnings only', () => {
    const items = [
      '<item><title>a</title><link>https://a.example/a</link></item>',
      '<item><title>no link</title></item>',
      '<item><link>https://a.example/a</link></item>',
      '<item><link>ftp://a.example/f</link></item>',
      '<item><link>nope</link></item>',
    ].join('\n');
    const r = checkSitemap(
      `${DECL}<rss version="2.0"><channel><title>t</title><link>https://a.example/</link>\n${items}\n</channel></rss>`,
    );
    expect(r.kind).toBe('rss');
    expect(r.isValid).toBe(true);
    expect(r.errors).toEqual([]);
    expect(messages(r.warnings)).toEqual([
      m.RSS_FEED,
      m.ITEM_MISSING_LINK,
      'Invalid protocol: ftp://a.example/f',
      'Invalid URL format: nope',
      m.duplicatesFound(1, 'https://a.example/a'),
      m.LOW_VALID_RATIO,
    ]);
    expect(r.stats).toEqual({ totalUrls: 5, validUrls: 1, duplicateUrls: 1 });
  });

  it('Atom: reads entry links from href', () => {
    const r = checkSitemap(
      `${DECL}<feed xmlns="http://www.w3.org/2005/Atom"><entry><link rel="alternate" href="https://a.example/x"/></entry><entry><title>x</title></entry></feed>`,
    );
    expect(r.kind).toBe('atom');
    expect(messages(r.warnings)).toEqual([m.ATOM_FEED, m.ITEM_MISSING_LINK, m.LOW_VALID_RATIO]);
    expect(r.stats.validUrls).toBe(1);
  });

  it('news: loc problems are errors, missing publication fields warnings', () => {
    const news = 'xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"';
    const body = [
      url(
        'https://a.example/n1',
        '<news:news><news:publication><news:name>A</news:name><news:language>en</news:language></news:publication><news:publication_date>2024-05-01</news:publication_date><news:title>t</news:title></news:news>',
      ),
      url('https://a.example/n2', '<news:news><news:title>t</news:title></news:news>'),
      '<url><news:news/></url>',
      url(
        'bad url',
        '<news:news><news:publication/><news:publication_date>2024-05-01</news:publication_date></news:news>',
      ),
    ].join('\n');
    const r = checkSitemap(urlset(body, ` ${news}`), { now: Date.UTC(2024, 4, 2) });
    expect(r.kind).toBe('news');
    expect(messages(r.errors)).toEqual([m.MISSING_LOC, 'Invalid URL format: bad url']);
    expect(messages(r.warnings)).toEqual([
      m.MISSING_NEWS_PUBLICATION,
      m.MISSING_NEWS_PUBLICATION_DATE,
      m.MISSING_NEWS_PUBLICATION,
      m.MISSING_NEWS_PUBLICATION_DATE,
      m.LOW_VALID_RATIO,
    ]);
  });

  it('image and video sitemaps: loc problems are errors, duplicates warnings', () => {
    const image = 'xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"';
    const img = '<image:image><image:loc>https://a.example/i.png</image:loc></image:image>';
    const r = checkSitemap(
      urlset(
        [
          url('https://a.example/', img),
          url('https://a.example/', img),
          url('gopher://a.example/', img),
        ].join(''),
        ` ${image}`,
      ),
    );
    expect(r.kind).toBe('image');
    expect(messages(r.errors)).toEqual(['Invalid protocol: gopher://a.example/']);
    expect(messages(r.warnings)).toEqual([
      m.duplicatesFound(1, 'https://a.example/'),
      m.LOW_VALID_RATIO,
    ]);
    const video = checkSitemap(
      urlset(
        `<url><video:video><video:title>t</video:title></video:video></url>`,
        ' xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"',
      ),
    );
    expect(video.kind).toBe('video');
    expect(messages(video.errors)).toEqual([m.MISSING_LOC]);
  });
});
