import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlFixture } from '../../../../tests/fixtures/site/crawl-helper.js';
import { URLS_PER_PAGE } from '../limits/page-count.js';

/**
 * A site that never runs out of free URLs: the start page links to thousands of 404s, and
 * `/r/n` redirects to `/r/n+1` without end. Neither counts against the page cap.
 */
let server: http.Server;
let origin = '';
let requests = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests++;
    const path = req.url ?? '/';
    if (path === '/') {
      const links = Array.from({ length: 3000 }, (_, i) => `<a href="/gone/${i}">${i}</a>`);
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(`<html><body><a href="/r/0">loop</a>${links.join('')}</body></html>`);
    }
    const hop = /^\/r\/(\d+)$/.exec(path);
    if (hop) return res.writeHead(302, { location: `/r/${Number(hop[1]) + 1}` }).end();
    res.writeHead(404, { 'content-type': 'text/html' }).end('<p>gone</p>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('the URL limit of a capped crawl', () => {
  it('ends a crawl of endless 404s and redirects after ten URLs per page of its cap', async () => {
    requests = 0;
    const crawl = await crawlFixture(`${origin}/`, { maxPages: 5, useSitemaps: false });
    expect(crawl.summary).toMatchObject({
      endedBy: 'url-limit',
      pages: 1,
      pagesCrawled: 5 * URLS_PER_PAGE,
    });
    // Each recorded URL is one fetch, and a redirect at most follows its own hops.
    expect(requests).toBeLessThanOrEqual(5 * URLS_PER_PAGE * 6 + 1);
    expect(crawl.summary.pruned['page-limit']).toBeGreaterThan(0);
  });
});
