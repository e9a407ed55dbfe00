import { describe, expect, it } from 'vitest';
import { FastScanner, type ScanHandler } from './fast-scan.js';
import { checkSitemap, SitemapChecker } from './sitemap-checker.js';
import { checkUrl, w3cTime } from './values.js';

const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const IMAGE = 'xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"';
const XHTML = 'xmlns:xhtml="http://www.w3.org/1999/xhtml"';
const DECL = '<?xml version="1.0" encoding="UTF-8"?>';
const urlset = (body: string, attrs = NS) => `${DECL}\n<urlset ${attrs}>\n${body}\n</urlset>\n`;

/** Documents the fast scanner reads itself. */
const plain: Record<string, string> = {
  simple: urlset('<url><loc>https://a.example/</loc><lastmod>2024-01-01</lastmod></url>'),
  crlf: urlset(
    '<url>\n<loc>https://a.example/</loc>\n<lastmod>2024-13-01</lastmod></url>',
  ).replaceAll('\n', '\r\n'),
  entities: urlset(
    '<url><loc>https://a.example/?a=1&amp;b=2&#38;c=&#x33;</loc><priority>&#49;.5</priority></url>\n<url><loc>https://a.example/?a=1&amp;b=2&#38;c=3</loc></url>',
  ),
  comments: `${DECL}\n<!-- made by hand -->\n<?xml-stylesheet type="text/xsl" href="/s.xsl"?>\n<urlset ${NS}>\n<!-- a\ncomment -->\n<url><loc>https://a.example/<!-- x -->page</loc></url>\n<?pi body?>\n</urlset>\n<!-- end -->\n`,
  cdata: urlset(
    '<url><loc><![CDATA[https://a.example/cdata?x=1&y=<2>]]></loc></url>\n<url><loc>https://a.example/ü/😀</loc></url>',
  ),
  attributes: urlset(
    `<url><loc>https://a.example/en</loc>\n<xhtml:link rel='alternate' hreflang = "de"\n  href="https://a.example/de?x=1&amp;y=2"/>\n<xhtml:link rel="alternate" hreflang="fr" href="https://b.example/fr" /></url>`,
    `${NS} ${XHTML}`,
  ),
  image: urlset(
    '<url><loc>https://a.example/</loc><image:image><image:loc>https://a.example/i.png</image:loc><image:caption>old</image:caption></image:image></url><url><loc>https://a.example/</loc></url>',
    `${NS} ${IMAGE}`,
  ),
  undeclared: urlset('<url><loc>https://a.example/</loc><video:video/></url>'),
  badValues: urlset(
    '<url><loc>ftp://a.example/</loc><changefreq>sometimes</changefreq><priority>2</priority></url><url><lastmod>2024-02-30T10:00:00+01:00</lastmod></url><url><loc>http://1.2.3.4/</loc><loc>https://a.example/2</loc></url>',
  ),
  noDeclaration: `<urlset><url><loc>https://a.example/</loc></url></urlset>`,
  standalone: `<?xml version='1.0' encoding='utf-8' standalone='yes' ?><urlset ${NS}/>`,
  unknownRoot: `${DECL}\n<html ${NS}><url/></html>`,
  index: `${DECL}\n<sitemapindex ${NS}>\n<sitemap><loc>https://a.example/s1.xml</loc><lastmod>2024-01-01T00:00:00Z</lastmod></sitemap>\n</sitemapindex>`,
  rss: `${DECL}\n<rss version="2.0"><channel><item><link>https://a.example/p</link></item><item><title>x</title></item></channel></rss>`,
  atom: `${DECL}\n<feed xmlns="http://www.w3.org/2005/Atom"><entry><link rel="alternate" href="https://a.example/e"/></entry></feed>`,
  tooDeep: urlset(
    `<url><loc>https://a.example/</loc>${'<x>'.repeat(70)}${'</x>'.repeat(70)}</url>`,
  ),
  multiLineTags: urlset('<url\n>\n<loc\n>https://a.example/</loc\n>\n</url\n>'),
};

/** Documents outside the scanner's subset: saxes reads them (many are errors). */
const others: Record<string, string> = {
  doctype: `${DECL}\n<!DOCTYPE urlset>\n<urlset ${NS}><url><loc>https://a.example/</loc></url></urlset>`,
  version11: `<?xml version="1.1"?>\n<urlset ${NS}/>`,
  loneCr: urlset('<url>\r<loc>https://a.example/</loc></url>'),
  control: urlset('<url><loc>https://a.example/\u0001</loc></url>'),
  brackets: urlset('<url><loc>https://a.example/]]></loc></url>'),
  unknownEntity: urlset('<url><loc>https://a.example/&nbsp;</loc></url>'),
  bareAmpersand: urlset('<url><loc>https://a.example/?a=1&b=2</loc></url>'),
  badCharRef: urlset('<url><loc>https://a.example/&#0;</loc></url>'),
  mismatched: urlset('<url><loc>https://a.example/</lastmod></url>'),
  unclosed: `${DECL}\n<urlset ${NS}><url><loc>https://a.example/</loc></url>`,
  textAfterRoot: `${urlset('')}trailing`,
  twoRoots: `${urlset('')}<urlset ${NS}/>`,
  leadingSpace: `  ${urlset('')}`,
  stylesheetFirst: `<?xml-stylesheet href="/s.xsl"?>\n<urlset ${NS}/>`,
  nonAsciiName: urlset('<url><lоc>https://a.example/</lоc></url>'),
  ltInAttribute: urlset('<url a="<"><loc>https://a.example/</loc></url>'),
  duplicateAttribute: urlset('<url a="1" a="2"><loc>https://a.example/</loc></url>'),
  tabInAttribute: urlset('<url a="x\ty"><loc>https://a.example/</loc></url>'),
  glued: urlset('<url a="1"b="2"><loc>https://a.example/</loc></url>'),
  spaceAfterLt: urlset('< url><loc>https://a.example/</loc></url>'),
  badComment: urlset('<!-- a -- b --><url><loc>https://a.example/</loc></url>'),
  empty: '',
  text: 'https://a.example/\nhttps://a.example/2\n',
};

const viaSaxes = (doc: string) => new SitemapChecker().write(doc).end();
const sink: ScanHandler = {
  declaration: () => {},
  openTag: () => {},
  closeTag: () => {},
  text: () => {},
  wantsText: () => true,
};
const scans = (doc: string) => new FastScanner(doc, sink).run();

describe('the fast scanner', () => {
  it('reads plain sitemaps itself, with the result saxes gives', () => {
    for (const [name, doc] of Object.entries(plain)) {
      expect(scans(doc), name).toBe(true);
      expect(checkSitemap(doc), name).toEqual(viaSaxes(doc));
    }
  });

  it('leaves everything else to saxes, so errors and their lines are saxes own', () => {
    for (const [name, doc] of Object.entries(others)) {
      expect(scans(doc), name).toBe(false);
      expect(checkSitemap(doc), name).toEqual(viaSaxes(doc));
    }
    expect(checkSitemap(others.mismatched ?? '').errors[0]?.message).toMatch(/XML parsing error/);
  });

  it('reports the lines saxes reports, also for tags over several lines and CR LF', () => {
    const r = checkSitemap(plain.crlf ?? '');
    expect(r.warnings).toContainEqual({ message: expect.stringMatching(/lastmod/), line: 5 });
    expect(checkSitemap(plain.badValues ?? '').errors).toEqual(
      viaSaxes(plain.badValues ?? '').errors,
    );
  });
});

/** Small edits that make and break XML: the scanner must agree with saxes on every result. */
const PIECES = [
  '<',
  '>',
  '/',
  '&',
  ';',
  '"',
  "'",
  '=',
  ' ',
  '\n',
  '\r',
  '\r\n',
  '\t',
  ']]>',
  ']',
  '!',
  '?',
  '-',
  '--',
  ':',
  'a',
  '&amp;',
  '&#x41;',
  '&#0;',
  '<!--',
  '-->',
  '<![CDATA[',
  '<?x',
  '?>',
  '\u0001',
  'ü',
  '\uD83D',
  '😀',
  '</url>',
  '<url>',
  '<loc>',
  '</loc>',
  ' a="b"',
  '/>',
  'xmlns:v="http://www.google.com/schemas/sitemap-video/1.1"',
];

describe('the fast scanner against saxes on mutated sitemaps', () => {
  it('gives the same result on 3,000 seeded random edits of a rich sitemap', () => {
    const doc0 = `${DECL}\n<!-- c -->\n<urlset ${NS} ${IMAGE} ${XHTML}>\n<url>\n  <loc>https://a.example/?a=1&amp;b=&#50;</loc>\n  <lastmod>2024-05-01T10:00:00+02:00</lastmod>\n  <xhtml:link rel="alternate" hreflang="de" href="https://a.example/de"/>\n  <image:image><image:loc><![CDATA[https://a.example/i.png]]></image:loc></image:image>\n</url>\n<url><loc>https://a.example/?a=1&amp;b=2</loc><priority>0.5</priority></url>\n</urlset>\n`;
    let seed = 12345;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    let scanned = 0;
    for (let k = 0; k < 3000; k++) {
      let doc = doc0;
      for (let edits = 1 + random(3); edits > 0; edits--) {
        const at = random(doc.length + 1);
        const piece = PIECES[random(PIECES.length)] ?? '';
        const cut = random(3) === 0 ? 1 + random(4) : 0;
        doc = doc.slice(0, at) + piece + doc.slice(at + cut);
      }
      if (scans(doc)) scanned++;
      expect(checkSitemap(doc), JSON.stringify(doc)).toEqual(viaSaxes(doc));
    }
    // Both paths are exercised: many edits keep the file in the subset, many leave it.
    expect(scanned).toBeGreaterThan(300);
    expect(scanned).toBeLessThan(2500);
  });
});

describe('value fast paths', () => {
  it('take the host of plain URLs as the URL parser does, and leave the rest to it', () => {
    const urls = [
      'https://A.Example.COM/x?y=1#z',
      'http://-a-.example/',
      'https://localhost',
      'https://a.example/path\\with`odd{chars}',
      'https://a.123/',
      'https://xn--bcher-kva.example/',
      'https://a.example:8080/',
      'https://a.example:443/',
      'https://user@a.example/',
      'https://1.2.3.4/',
      'https://a.example/ü',
    ];
    for (const url of urls) {
      let host: string | null = null;
      try {
        host = new URL(url).host;
      } catch {
        host = null;
      }
      expect(
        checkUrl(url, 1, () => {}),
        url,
      ).toBe(host);
    }
  });

  it('read full date-times by character with the general rules', () => {
    expect(w3cTime('2024-05-01T10:00:00+02:00')).toBe(Date.UTC(2024, 4, 1, 8));
    expect(w3cTime('2024-05-01T10:00:00-02:30')).toBe(Date.UTC(2024, 4, 1, 12, 30));
    expect(w3cTime('2024-05-01T10:00:00Z')).toBe(Date.UTC(2024, 4, 1, 10));
    expect(w3cTime('2024-05-01T23:59:60Z')).toBe(Date.UTC(2024, 4, 2));
    expect(w3cTime('2024-05-01T10:00:00.25Z')).toBe(Date.UTC(2024, 4, 1, 10));
    for (const bad of [
      '2024-02-30T10:00:00Z',
      '2024-05-01T24:00:00Z',
      '2024-05-01T10:60:00Z',
      '2024-05-01T10:00:61Z',
      '2024-05-01T10:00:0aZ',
      '2024-05-01T10:00:00 02:00',
      '2024-05-01t10:00:00Z',
    ])
      expect(w3cTime(bad), bad).toBeNull();
  });
});
