import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createUrlPolicy, type UrlPolicy } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlFixture } from '../../../tests/fixtures/site/crawl-helper.js';
import { type FixtureSite, startFixtureSite } from '../../../tests/fixtures/site/index.js';
import { type ChromiumRenderer, createChromiumRenderer } from './chromium-renderer.js';

/** Loopback allowed on 127.0.0.1 only: any other 127.x address stands in for an internal one. */
const onlyLocalhost: UrlPolicy = {
  checkUrl: (url) => createUrlPolicy({ allowLoopback: true }).checkUrl(url),
  checkAddress: (address) =>
    address === '127.0.0.1' ? { allowed: true } : { allowed: false, reason: `refused ${address}` },
};

describe('the Chromium renderer', () => {
  let site: FixtureSite;
  let renderer: ChromiumRenderer;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 12, features: ['script'] });
    renderer = createChromiumRenderer({
      policy: createUrlPolicy({ allowLoopback: true }),
      poolSize: 2,
    });
  });
  afterAll(async () => {
    await renderer.close();
    await site.close();
  });

  it('renders links that only scripts add', async () => {
    const result = await renderer.render({
      url: `${site.origin}/app`,
      blockMedia: true,
      timeoutMs: 15_000,
    });
    expect(result.status).toBe(200);
    expect(result.finalUrl).toBe(`${site.origin}/app`);
    expect(result.html).toContain('href="/app/one"');
  });

  it('skips images when rendering for links', async () => {
    const before = site.hits('/img/3.png');
    await renderer.render({ url: `${site.origin}/p/3`, blockMedia: true, timeoutMs: 15_000 });
    expect(site.hits('/img/3.png')).toBe(before);
  });

  it('finds script-added links in a crawl and reports which pages needed rendering', async () => {
    const crawl = await crawlFixture(site.url, { render: 'auto' }, { renderer });
    expect(crawl.listed).toEqual(site.expectedSitemapUrls);
    const app = crawl.pages.get(`${site.origin}/app`);
    expect(app).toMatchObject({ rendered: true, renderReason: 'app shell: #root and 0 links' });
    expect(crawl.pages.get(`${site.origin}/p/1`)?.rendered).toBe(false);
    expect(crawl.summary.renderedPages).toBe(1);
  });

  it('renders a sample of hybrid pages and finds links their scripts add', async () => {
    const hybrid = await startFixtureSite({ pages: 6, features: ['script-sample'] });
    try {
      const crawl = await crawlFixture(hybrid.url, { render: 'auto' }, { renderer });
      expect(crawl.listed).toEqual(hybrid.expectedSitemapUrls);
      expect(crawl.pages.get(`${hybrid.origin}/hybrid`)).toMatchObject({
        rendered: true,
        renderReason: 'sample: shows #app; checking template /hybrid for links added by scripts',
      });
      expect(crawl.pages.get(`${hybrid.origin}/p/1`)?.rendered).toBe(false);
    } finally {
      await hybrid.close();
    }
  });

  it('relaunches the browser when it dies', async () => {
    const pid = renderer.browserPid();
    expect(pid).not.toBeNull();
    process.kill(pid as number, 'SIGKILL');
    // The renderer has seen the death (its 'disconnected' clears the pid), however long it took.
    await expect.poll(() => renderer.browserPid(), { timeout: 15_000 }).toBeNull();
    const result = await renderer.render({
      url: `${site.origin}/app`,
      blockMedia: true,
      timeoutMs: 15_000,
    });
    expect(result.html).toContain('/app/two');
    expect(renderer.launches()).toBe(2);
  });
});

describe('the filtering proxy', () => {
  let inner: http.Server;
  let innerHits = 0;
  let page: http.Server;
  let renderer: ChromiumRenderer;
  let pageUrl = '';

  beforeAll(async () => {
    // The "internal" server on 127.0.0.2: nothing the browser does may reach it.
    inner = http.createServer((_req, res) => {
      innerHits++;
      res.end('secret');
    });
    inner.on('upgrade', (_req, socket) => {
      innerHits++;
      socket.destroy();
    });
    await new Promise<void>((r) => inner.listen(0, '127.0.0.2', r));
    const target = `127.0.0.2:${(inner.address() as AddressInfo).port}`;
    const worker = `fetch('http://${target}/from-worker').catch(()=>{})`;
    page = http.createServer((req, res) => {
      if (req.url === '/worker.js') {
        res.writeHead(200, { 'content-type': 'text/javascript' }).end(worker);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>t</title>
<img src="http://${target}/img.png"><iframe src="http://${target}/frame"></iframe>
<script>
fetch('http://${target}/fetch').catch(()=>{});
try { new WebSocket('ws://${target}/ws'); } catch {}
try { new Worker('/worker.js'); } catch {}
document.body.insertAdjacentHTML('beforeend', '<a href="/done">done</a>');
</script>`);
    });
    await new Promise<void>((r) => page.listen(0, '127.0.0.1', r));
    pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/`;
    renderer = createChromiumRenderer({ policy: onlyLocalhost, poolSize: 1 });
  });
  afterAll(async () => {
    await renderer.close();
    await new Promise<void>((r) => page.close(() => r()));
    await new Promise<void>((r) => inner.close(() => r()));
  });

  it('refuses every request to an internal address: subresources, fetch, WebSocket, worker', async () => {
    const result = await renderer.render({ url: pageUrl, blockMedia: false, timeoutMs: 15_000 });
    await new Promise((r) => setTimeout(r, 500));
    expect(result.html).toContain('href="/done"');
    expect(innerHits).toBe(0);
    expect(renderer.blockedRequests()).toBeGreaterThanOrEqual(4);
  });

  it('sends loopback through the proxy too, so a refused start page never loads', async () => {
    const strict = createChromiumRenderer({ policy: createUrlPolicy(), poolSize: 1 });
    try {
      const result = await strict
        .render({ url: pageUrl, blockMedia: true, timeoutMs: 15_000 })
        .catch((e: Error) => e);
      if (!(result instanceof Error)) expect(result.status).toBe(403);
      expect(strict.blockedRequests()).toBeGreaterThanOrEqual(1);
    } finally {
      await strict.close();
    }
  });
});
