import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpFetcher } from '../net/http-fetcher.js';
import { downloadSitemapBytes } from '../net/sitemap-download.js';
import { createUrlPolicy } from '../net/url-policy.js';
import { checkSitemapBytes } from './decode.js';
import * as m from './messages.js';
import { checkSitemap } from './sitemap-checker.js';

/** The walkthrough's broken.xml (defect 22): 4 valid URLs uploaded, 3 fetched. */
const broken = (origin: string) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    '<url><loc>/relative/page</loc><lastmod>yesterday</lastmod></url>',
    `<url><loc>${origin}/ok.html</loc></url>`,
    `<url><loc>${origin}/ok.html</loc></url>`,
    '<url><loc>https://elsewhere.example/x.html</loc></url>',
    `<url><loc>${origin}/b.html</loc></url>`,
    '</url>',
  ].join('\n');

/** The same without the parse error, so the summary messages are written too. */
const wellFormed = (origin: string) => broken(origin).replace(/<\/url>$/, '</urlset>');

const files = new Map<string, (origin: string) => string>([
  ['/broken.xml', broken],
  ['/good.xml', wellFormed],
]);
let server: http.Server;
let origin = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const body = files.get(req.url ?? '');
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/xml' });
    res.end(body ? body(origin) : 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The checker's URL fetch as the web and desktop run it: downloaded bytes, checked with their URL. */
async function fetched(path: string) {
  const policy = createUrlPolicy({ allowLoopback: true });
  const fetcher = createHttpFetcher({ policy });
  try {
    const url = `${origin}${path}`;
    const bytes = await downloadSitemapBytes({ fetcher, policy }, url);
    return { bytes, result: checkSitemap(new TextDecoder().decode(bytes), { sitemapUrl: url }) };
  } finally {
    await fetcher.close();
  }
}

const counts = (r: Awaited<ReturnType<typeof checkSitemapBytes>>) => ({
  ...r.stats,
  errors: r.errors.length,
  warnings: r.warnings.length,
  isValid: r.isValid,
});

describe('one answer per file, uploaded or fetched (issue 25 point 9, defect 22)', () => {
  it('counts the walkthrough’s broken.xml alike: the off-origin URL is not valid either way', async () => {
    const { bytes, result } = await fetched('/broken.xml');
    const uploaded = await checkSitemapBytes(bytes);
    expect(counts(uploaded)).toEqual(counts(result));
    // /relative/page is not a URL, the repeat of ok.html is a duplicate, the other host's URL
    // is off the file's origin: ok.html and b.html are the valid ones.
    expect(result.stats).toEqual({ totalUrls: 5, validUrls: 2, duplicateUrls: 1 });
  });

  it('gives a well-formed file the same counts and messages, the origin error included', async () => {
    const { bytes, result } = await fetched('/good.xml');
    const uploaded = await checkSitemapBytes(bytes);
    expect(counts(uploaded)).toEqual(counts(result));
    expect(result.errors.map((e) => e.line)).toEqual(uploaded.errors.map((e) => e.line));
    expect(result.errors.at(-1)?.message).toBe(
      m.otherOrigin(1, origin, 'https://elsewhere.example/x.html'),
    );
    expect(uploaded.errors.at(-1)?.message).toBe(
      m.otherOriginThanFirst(1, origin, 'https://elsewhere.example/x.html'),
    );
    // The duplicate is reported once, in the summary, at the line of the repeat.
    expect(uploaded.warnings.filter((w) => w.message.includes(`${origin}/ok.html`))).toEqual([
      { message: m.duplicatesFound(1, `${origin}/ok.html`), line: 5 },
    ]);
  });

  it('takes another namespace than sitemaps.org’s for an error, an absent one for a warning', () => {
    const doc = (ns: string) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset${ns}>\n<url><loc>https://a.example/</loc></url>\n</urlset>`;
    const old = checkSitemap(doc(' xmlns="http://www.sitemaps.org/schemas/sitemap/0.8"'));
    expect(old.isValid).toBe(false);
    expect(old.errors).toEqual([
      { message: m.wrongNamespace('http://www.sitemaps.org/schemas/sitemap/0.8'), line: 2 },
    ]);
    const none = checkSitemap(doc(''));
    expect(none.isValid).toBe(true);
    expect(none.warnings).toEqual([{ message: m.MISSING_NAMESPACE, line: 2 }]);
  });
});
