import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';

// The export tests trust this script to refuse bad sitemaps; these cases prove it does.
const script = path.resolve(import.meta.dirname, '../../scripts/check-sitemap.sh');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'mapsmith-check-sitemap-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const NS = [
  'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"',
  'xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"',
  'xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"',
  'xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"',
  'xmlns:xhtml="http://www.w3.org/1999/xhtml"',
].join(' ');
const urlset = (urls: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${NS}>${urls}</urlset>\n`;
const video = (inner: string) =>
  `<url><loc>https://example.com/v</loc><video:video>${inner}</video:video></url>`;
const VIDEO_OK =
  '<video:thumbnail_loc>https://example.com/t.jpg</video:thumbnail_loc><video:title>T</video:title>' +
  '<video:description>D</video:description><video:content_loc>https://example.com/v.mp4</video:content_loc>';

/** Writes NAME with CONTENT in the temp folder and returns its path. */
function file(name: string, content: string | Buffer): string {
  const target = path.join(tmp, name);
  writeFileSync(target, content);
  return target;
}

/** Runs the script; returns its exit status and stdout. */
function check(...files: string[]) {
  const out = spawnSync('bash', [script, ...files], { encoding: 'utf8' });
  return { status: out.status, stdout: out.stdout, stderr: out.stderr };
}

describe('scripts/check-sitemap.sh', () => {
  it('passes a urlset using every extension, and a gzipped sitemap index', () => {
    const full = file(
      'full.xml',
      urlset(
        '<url><loc>https://example.com/</loc><lastmod>2024-01-02T03:04:05+00:00</lastmod>' +
          '<changefreq>weekly</changefreq><priority>0.8</priority>' +
          '<xhtml:link rel="alternate" hreflang="en" href="https://example.com/"/>' +
          '<image:image><image:loc>https://example.com/i.png</image:loc></image:image>' +
          `<video:video>${VIDEO_OK}<video:duration>60</video:duration></video:video>` +
          '<news:news><news:publication><news:name>N</news:name><news:language>en</news:language>' +
          '</news:publication><news:publication_date>2024-01-02</news:publication_date>' +
          '<news:title>T</news:title></news:news></url>',
      ),
    );
    const index = file(
      'index.xml.gz',
      gzipSync(
        '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
          '<sitemap><loc>https://example.com/sitemap-1.xml.gz</loc><lastmod>2024-01-02</lastmod></sitemap></sitemapindex>',
      ),
    );
    const result = check(full, index);
    expect(result.stdout).toContain(`ok ${full} (urlset, 1 entries,`);
    expect(result.stdout).toContain(`ok ${index} (sitemapindex, 1 entries,`);
    expect(result.status).toBe(0);
  });

  const refusals: Array<[string, string, string]> = [
    [
      'an element of a namespace no schema declares',
      urlset('<url><loc>https://example.com/</loc><x:y xmlns:x="urn:x"/></url>'),
      'schema:',
    ],
    [
      'a lastmod that is not a W3C date',
      urlset('<url><loc>https://example.com/</loc><lastmod>today</lastmod></url>'),
      'schema:',
    ],
    [
      'a loc of 2,048 characters',
      urlset(`<url><loc>https://example.com/${'a'.repeat(2030)}</loc></url>`),
      '2048 characters',
    ],
    [
      'a video without a title',
      urlset(video(VIDEO_OK.replace('<video:title>T</video:title>', ''))),
      'miss a required field',
    ],
    [
      'a video title over 100 characters',
      urlset(video(VIDEO_OK.replace('>T<', `>${'t'.repeat(101)}<`))),
      'limits',
    ],
    [
      'an image caption (deprecated by Google)',
      urlset(
        '<url><loc>https://example.com/</loc><image:image><image:loc>https://example.com/i.png</image:loc><image:caption>c</image:caption></image:image></url>',
      ),
      'deprecated',
    ],
    [
      'a root that is not urlset or sitemapindex',
      '<?xml version="1.0"?><rss/>',
      "root element is 'rss'",
    ],
    ['text that is not XML', 'not xml at all', 'not well-formed XML'],
  ];
  for (const [what, content, reason] of refusals) {
    it(`refuses ${what}`, () => {
      const target = file(`${what.replace(/\W+/g, '-')}.xml`, content);
      const result = check(target);
      expect(result.stdout).toMatch(new RegExp(`^FAIL ${target}: .*${reason}`, 'm'));
      expect(result.status).toBe(1);
    });
  }

  it('refuses a .gz file that is not gzip, and still checks the other files', () => {
    const good = file('good.xml', urlset('<url><loc>https://example.com/</loc></url>'));
    const bad = file('bad.xml.gz', 'plain text');
    const result = check(bad, good);
    expect(result.stdout).toContain(`FAIL ${bad}: not valid gzip`);
    expect(result.stdout).toContain(`ok ${good} (urlset, 1 entries,`);
    expect(result.status).toBe(1);
  });

  it('prints its usage and exits 2 without files', () => {
    const result = check();
    expect(result.stderr).toContain('usage:');
    expect(result.status).toBe(2);
  });
});
