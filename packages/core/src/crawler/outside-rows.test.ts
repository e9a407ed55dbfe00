import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlFixture } from '../../../../tests/fixtures/site/crawl-helper.js';
import { analyzeSeo } from '../seo/analyze.js';
import { MAX_OUTSIDE_ROWS } from './link-admission.js';

/**
 * A small site whose pages link to other sites: `/` and `/a` both link to the same outside
 * URL, `/many` to more outside URLs than a crawl keeps.
 */
const PAGES: Record<string, string> = {
  '/': '<a href="/a">a</a> <a href="/b">b</a> <a href="https://other.example/x?b=2&a=1">x</a> <a href="/many">many</a>',
  '/a': '<a href="https://other.example/x?a=1&b=2">x again</a> <a href="http://third.example/">third</a>',
  '/b': '<a href="/a">a</a> <a href="/gone">gone</a>',
  '/many': Array.from(
    { length: MAX_OUTSIDE_ROWS + 5 },
    (_, i) => `<a href="https://far.example/${i}">${i}</a>`,
  ).join(''),
};

let server: http.Server;
let origin = '';
const requested: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requested.push(req.url ?? '');
    const body = PAGES[req.url ?? ''];
    if (!body) return res.writeHead(404).end('gone');
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<html><head><title>${req.url}</title></head><body>${body}</body></html>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('URLs outside the site', () => {
  it('are rows of the report, one per URL, with their inlinks, never fetched nor counted', async () => {
    const crawl = await crawlFixture(`${origin}/`, { useSitemaps: false });
    const rows = [...crawl.pages.values()];
    const outside = rows.filter((p) => !p.verdict.included && p.verdict.code === 'out-of-scope');
    // The two spellings of /x are one URL (one key); /many's links stop at the bound.
    expect(outside).toHaveLength(MAX_OUTSIDE_ROWS);
    const x = outside.find((p) => p.url.startsWith('https://other.example/x'));
    expect(x).toMatchObject({ status: 0, depth: 1, foundVia: 'link', error: null });
    expect(outside.some((p) => p.url === 'http://third.example/')).toBe(true);
    // Only the site itself was asked (robots.txt and its five URLs).
    expect(new Set(requested.filter((u) => u !== '/robots.txt'))).toEqual(
      new Set(['/', '/a', '/b', '/many', '/gone']),
    );
    // The summary counts what the crawl fetched: outside rows are neither pages nor recorded URLs.
    expect(crawl.summary).toMatchObject({ pagesCrawled: 5, pages: 4, included: 4 });
    expect(crawl.summary.excluded['out-of-scope']).toBeUndefined();
    expect(crawl.summary.pruned.scope).toBe(MAX_OUTSIDE_ROWS + 5 + 2);
    expect(crawl.summary.notes?.join('\n')).toContain(
      `The report lists the first ${MAX_OUTSIDE_ROWS.toLocaleString('en-US')} URLs outside the site that its pages link to; 7 URLs more`,
    );
  });

  it('are neither pages nor internal links of the SEO analysis', async () => {
    const crawl = await crawlFixture(`${origin}/`, { useSitemaps: false });
    // Every URL but the start linked once, as a store merges inlinks into its rows.
    const rows = [...crawl.pages.values()].map((p) =>
      p.depth === 0
        ? { ...p, inlinks: 0, linkedFrom: [] }
        : { ...p, inlinks: 1, linkedFrom: [`${origin}/`] },
    );
    const site = rows.filter((p) => p.verdict.included || p.verdict.code !== 'out-of-scope');
    const seo = analyzeSeo(rows);
    // "Total pages" and the listed count are the site's; /gone is the one broken link, and the
    // thousands of outside rows do not dilute its weight in the score.
    expect(seo.stats).toMatchObject({ totalPages: 4, listedPages: 4, brokenLinks: 1 });
    expect(seo.issues.find((i) => i.rule === 'broken-links')?.count).toBe(1);
    expect(seo.score).toBe(analyzeSeo(site).score);
  });

  it('do not take the room of pages under the page cap', async () => {
    const crawl = await crawlFixture(`${origin}/`, { useSitemaps: false, maxPages: 2 });
    expect(crawl.summary).toMatchObject({ pages: 2, endedBy: 'page-limit' });
  });
});
