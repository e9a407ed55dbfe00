// Sitemap parsing cases transcribed from other projects' suites, run against the seeding parser
// (the checker's streaming parser):
// - Scrapy tests/test_utils_sitemap.py at commit dfa3743b4d9e630a58dbe664a96fe8cfb9edd2fb (BSD-3).
// - crawler-commons src/test/java/crawlercommons/sitemaps/SiteMapParserSAXTest.java at commit
//   2afdf5b04df45fda098f8d6ab192670661ba3515 and SiteMapParserTest.java at commit
//   6b977fd67208d7926cff70837ddd81baf20acde4 (Apache-2.0).
// Deliberate difference: Scrapy's test_xml_entity_expansion expects the <loc> with the entity
// left out to be read; the checker refuses any DOCTYPE that declares entities, so nothing is.
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../robots/robots-txt.js';
import { parseSitemap } from './sitemap-parser.js';

const locs = (xml: string) => parseSitemap(xml, 1000).locs;

describe("Scrapy's sitemap tests", () => {
  const old84 = (urls: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.google.com/schemas/sitemap/0.84">${urls}</urlset>`;

  it('test_sitemap', () => {
    const xml = old84(
      '<url><loc>http://www.example.com/</loc><lastmod>2009-08-16</lastmod><changefreq>daily</changefreq><priority>1</priority></url>' +
        '<url><loc>http://www.example.com/Special-Offers.html</loc><lastmod>2009-08-16</lastmod><changefreq>weekly</changefreq><priority>0.8</priority></url>',
    );
    expect(parseSitemap(xml, 10)).toMatchObject({
      kind: 'urlset',
      locs: ['http://www.example.com/', 'http://www.example.com/Special-Offers.html'],
    });
  });

  it('test_sitemap_index', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
      '<sitemap><loc>http://www.example.com/sitemap1.xml.gz</loc><lastmod>2004-10-01T18:23:17+00:00</lastmod></sitemap>' +
      '<sitemap><loc>http://www.example.com/sitemap2.xml.gz</loc><lastmod>2005-01-01</lastmod></sitemap></sitemapindex>';
    expect(parseSitemap(xml, 10)).toMatchObject({
      kind: 'sitemapindex',
      locs: ['http://www.example.com/sitemap1.xml.gz', 'http://www.example.com/sitemap2.xml.gz'],
    });
  });

  it('test_sitemap_strip', () => {
    const xml = old84(
      '<url><loc> http://www.example.com/</loc></url><url><loc> http://www.example.com/2</loc><lastmod /></url>',
    );
    expect(locs(xml)).toEqual(['http://www.example.com/', 'http://www.example.com/2']);
  });

  it('test_sitemap_wrong_ns and test_sitemap_wrong_ns2', () => {
    const urls =
      '<url xmlns=""><loc> http://www.example.com/</loc></url><url xmlns=""><loc> http://www.example.com/2</loc><lastmod /></url>';
    expect(locs(old84(urls))).toEqual(['http://www.example.com/', 'http://www.example.com/2']);
    expect(
      parseSitemap(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset>${urls}</urlset>`, 10),
    ).toMatchObject({
      kind: 'urlset',
      locs: ['http://www.example.com/', 'http://www.example.com/2'],
    });
  });

  it('test_sitemap_urls_from_robots', () => {
    const robots =
      'User-agent: *\nDisallow: /aff/\nDisallow: /wl/\n\n# Search and shopping refining\nDisallow: /s*/*facet\nDisallow: /s*/*tags\n\n' +
      '# Sitemap files\nSitemap: http://example.com/sitemap.xml\nSitemap: http://example.com/sitemap-product-index.xml\n' +
      'Sitemap: HTTP://example.com/sitemap-uppercase.xml\nSitemap: /sitemap-relative-url.xml\n\n# Forums\nDisallow: /forum/search/\nDisallow: /forum/active/\n';
    expect(parseRobotsTxt(robots, 'http://example.com/robots.txt').sitemaps).toEqual([
      'http://example.com/sitemap.xml',
      'http://example.com/sitemap-product-index.xml',
      'http://example.com/sitemap-uppercase.xml',
      'http://example.com/sitemap-relative-url.xml',
    ]);
  });

  it('test_sitemap_blanklines', () => {
    const xml =
      '\n<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n\n' +
      '<!-- cache: cached = yes name = sitemap_jspCache key = sitemap -->\n' +
      '<sitemap>\n<loc>http://www.example.com/sitemap1.xml</loc>\n<lastmod>2013-07-15</lastmod>\n</sitemap>\n\n' +
      '<sitemap>\n<loc>http://www.example.com/sitemap2.xml</loc>\n<lastmod>2013-07-15</lastmod>\n</sitemap>\n\n' +
      '<sitemap>\n<loc>http://www.example.com/sitemap3.xml</loc>\n<lastmod>2013-07-15</lastmod>\n</sitemap>\n\n<!-- end cache -->\n</sitemapindex>\n';
    expect(locs(xml)).toEqual([
      'http://www.example.com/sitemap1.xml',
      'http://www.example.com/sitemap2.xml',
      'http://www.example.com/sitemap3.xml',
    ]);
  });

  it('test_comment and test_alternate: only the page loc', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">' +
      '<url><loc>http://www.example.com/english/</loc><!-- a comment -->' +
      '<xhtml:link rel="alternate" hreflang="de" href="http://www.example.com/deutsch/"/>' +
      '<xhtml:link rel="alternate" hreflang="en"/></url></urlset>';
    expect(locs(xml)).toEqual(['http://www.example.com/english/']);
  });

  it('test_xml_entity_expansion: nothing is read (see the file comment)', () => {
    const xml =
      '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE foo [\n<!ELEMENT foo ANY >\n<!ENTITY xxe SYSTEM "file:///etc/passwd" >\n]>\n' +
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://127.0.0.1:8000/&xxe;</loc></url></urlset>';
    const parsed = parseSitemap(xml, 10);
    expect(parsed.locs).toEqual([]);
    expect(parsed.locs.join()).not.toContain('root:');
  });
});

describe("crawler-commons' sitemap tests", () => {
  it('testSitemapIndex: entities and CDATA in <loc>', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      ' <sitemap>\n  <loc>http://www.example.com/sitemap1.xml.gz</loc>\n  <lastmod><![CDATA[2004-10-01T18:23:17+00:00]]></lastmod>\n </sitemap>\n' +
      '<sitemap>\n  <loc>http://www.example.com/sitemap2.xml.gz</loc>\n  <lastmod>2005-01-01</lastmod>\n </sitemap>\n' +
      '<sitemap>\n  <loc>http://www.example.com/dynsitemap?date=now&amp;all=true</loc>\n </sitemap>\n' +
      '<sitemap>\n  <loc>http://www.example.com/dynsitemap<![CDATA[?date=lastyear&all=false]]></loc>\n </sitemap>\n</sitemapindex>';
    expect(parseSitemap(xml, 10)).toMatchObject({
      kind: 'sitemapindex',
      locs: [
        'http://www.example.com/sitemap1.xml.gz',
        'http://www.example.com/sitemap2.xml.gz',
        'http://www.example.com/dynsitemap?date=now&all=true',
        'http://www.example.com/dynsitemap?date=lastyear&all=false',
      ],
    });
  });

  it('testSitemapXML', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
      '  <url><loc>http://www.example.com/</loc><lastmod>2005-01-01</lastmod><changefreq>monthly</changefreq><priority>0.8</priority></url>' +
      '<url><loc>http://www.example.com/catalog?item=12&amp;desc=vacation_hawaii</loc><changefreq>weekly</changefreq></url>' +
      '<url><loc>http://www.example.com/catalog?item=73&amp;desc=vacation_new_zealand</loc><lastmod>2004-12-23</lastmod><changefreq>weekly</changefreq></url>' +
      '<url><loc>http://www.example.com/catalog?item=74&amp;desc=vacation_newfoundland</loc><lastmod>2004-12-23T18:00:15+00:00</lastmod><priority>0.3</priority></url>' +
      '<url><loc>http://www.example.com/catalog?item=83&amp;desc=vacation_usa</loc><lastmod>2004-11-23</lastmod></url></urlset>';
    const parsed = parseSitemap(xml, 10);
    expect(parsed.locs).toHaveLength(5);
    expect(parsed.locs[1]).toBe('http://www.example.com/catalog?item=12&desc=vacation_hawaii');
  });

  it('testSitemapTXT and testSitemapTXTWithXMLExt', () => {
    const parsed = parseSitemap(
      'http://www.example.com/catalog?item=1\nhttp://www.example.com/catalog?item=11',
      10,
    );
    expect(parsed).toMatchObject({
      kind: 'urlset',
      locs: ['http://www.example.com/catalog?item=1', 'http://www.example.com/catalog?item=11'],
    });
  });

  it('testSitemapParserBrokenXml: what was read before the break is kept, the error named', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
      '<url><!-- This file is not a valid XML file --></url><url><loc> http://cs.harding.edu/fmccown/sitemaps/something.html</loc>' +
      '</url><!-- missing opening url tag --></url></urlset>';
    const parsed = parseSitemap(xml, 10);
    expect(parsed.error).toMatch(/XML parsing error/);
  });

  it('testAtomFormat: the entry link', () => {
    const atom =
      '<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Example Feed</title>' +
      '<link href="http://example.org/"/><updated>2003-12-13T18:30:02Z</updated><id>urn:uuid:60a76c80</id>' +
      '<entry><title>Atom-Powered Robots Run Amok</title><link href="http://example.org/2003/12/13/atom03"/>' +
      '<id>urn:uuid:1225c695</id><updated>2003-12-13T18:30:02Z</updated><summary>Some text.</summary></entry></feed>';
    expect(parseSitemap(atom, 10)).toMatchObject({
      kind: 'urlset',
      locs: ['http://example.org/2003/12/13/atom03'],
    });
  });
});

describe('forms the protocol allows (issue 18)', () => {
  it('reads namespace-prefixed sitemaps', () => {
    const xml =
      '<?xml version="1.0"?><sit:urlset xmlns:sit="http://www.sitemaps.org/schemas/sitemap/0.9">' +
      '<sit:url><sit:loc>https://a.example/1</sit:loc></sit:url><sit:url><sit:loc>https://a.example/2</sit:loc></sit:url></sit:urlset>';
    expect(parseSitemap(xml, 10)).toMatchObject({
      kind: 'urlset',
      locs: ['https://a.example/1', 'https://a.example/2'],
    });
  });

  it('reads RSS 2.0 item links', () => {
    const rss =
      '<?xml version="1.0"?><rss version="2.0"><channel><title>Blog</title><link>https://a.example/</link>' +
      '<item><title>One</title><link>https://a.example/posts/1</link></item>' +
      '<item><title>Two</title><link> https://a.example/posts/2 </link></item></channel></rss>';
    expect(parseSitemap(rss, 10)).toMatchObject({
      kind: 'urlset',
      locs: ['https://a.example/posts/1', 'https://a.example/posts/2'],
    });
  });

  it('skips text-sitemap lines that are not absolute URLs, and stops at the bound', () => {
    const text =
      '\uFEFFhttps://a.example/1\r\n\n  https://a.example/2  \nnot a url\n/relative\nhttps://a.example/3\n';
    expect(parseSitemap(text, 10).locs).toEqual([
      'https://a.example/1',
      'https://a.example/2',
      'https://a.example/3',
    ]);
    expect(parseSitemap(text, 2)).toMatchObject({
      locs: ['https://a.example/1', 'https://a.example/2'],
      truncated: true,
    });
  });
});
