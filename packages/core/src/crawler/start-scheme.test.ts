import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlFixture } from '../../../../tests/fixtures/site/crawl-helper.js';

/**
 * Walkthrough defect 11: a site typed as a bare domain is asked for over https first; a site
 * that listens over http only is then crawled over http, and the crawl says so.
 */
let server: http.Server;
let port = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/robots.txt') return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html><head><title>Plain</title></head><body><a href="/two">two</a></body></html>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('the start of a crawl whose https does not answer', () => {
  it('falls back to http and notes which scheme was used', async () => {
    const crawl = await crawlFixture(`https://127.0.0.1:${port}/`, { useSitemaps: false });
    expect(crawl.summary.endedBy).toBe('finished');
    expect(crawl.summary.startUrl).toBe(`http://127.0.0.1:${port}/`);
    expect(crawl.listed).toEqual([`http://127.0.0.1:${port}/`, `http://127.0.0.1:${port}/two`]);
    expect(crawl.summary.notes?.[0]).toMatch(
      new RegExp(
        `^https://127\\.0\\.0\\.1:${port} did not answer \\(.+\\), so the site was crawled over http://127\\.0\\.0\\.1:${port}$`,
      ),
    );
  });

  it('keeps an http start as it is, with no note', async () => {
    const crawl = await crawlFixture(`http://127.0.0.1:${port}/`, { useSitemaps: false });
    expect(crawl.summary.startUrl).toBe(`http://127.0.0.1:${port}/`);
    expect(crawl.summary.notes ?? []).toEqual([]);
  });
});
