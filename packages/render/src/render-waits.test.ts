import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createUrlPolicy } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChromiumRenderer, createChromiumRenderer } from './chromium-renderer.js';

// What a render waits for: the data requests its scripts make, then links that stop changing;
// not a timer. The settle cap is raised to 60 s here, so only quiescence can end these renders;
// a render that waited for network idle (never reported in a reused tab) or a 2 s cap would
// see the link a timer adds after 1.5 s.
describe('render waits', () => {
  let site: http.Server;
  let origin = '';
  const requested: string[] = [];
  let renderer: ChromiumRenderer;

  beforeAll(async () => {
    site = http.createServer((req, res) => {
      requested.push(req.url ?? '');
      const html = (body: string) =>
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(`<!doctype html><title>w</title>${body}`);
      if (req.url === '/slow-data')
        setTimeout(() => res.end(JSON.stringify({ href: '/from-data' })), 700);
      else if (req.url === '/data-page')
        html(`<div id="root"></div><script>
fetch('/slow-data').then((r) => r.json()).then((d) => {
  const a = document.createElement('a'); a.href = d.href; document.body.appendChild(a);
});</script>`);
      else if (req.url === '/timer-page')
        html(`<a href="/a">a</a><img src="/pic.png" alt=""><script>
setTimeout(() => { fetch('/late-marker'); const a = document.createElement('a'); a.href = '/late'; document.body.appendChild(a); }, 1500);
</script>`);
      else res.end('ok');
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    renderer = createChromiumRenderer({
      policy: createUrlPolicy({ allowLoopback: true }),
      poolSize: 1,
      maxRenderMs: 60_000,
      settle: { capMs: 60_000 },
    });
  });
  afterAll(async () => {
    await renderer.close();
    site.closeAllConnections();
    await new Promise<void>((r) => site.close(() => r()));
  });

  it('waits for the data a script fetches and the link it adds from it', async () => {
    const result = await renderer.render({
      url: `${origin}/data-page`,
      blockMedia: true,
      timeoutMs: 60_000,
    });
    expect(result.html).toContain('href="/from-data"');
  }, 90_000);

  it('ends once the links are quiet, in a reused tab, without waiting for a timer or the cap', async () => {
    const result = await renderer.render({
      url: `${origin}/timer-page`,
      blockMedia: true,
      timeoutMs: 60_000,
    });
    expect(result.html).toContain('href="/a"');
    expect(result.html).not.toContain('href="/late"');
    expect(requested).not.toContain('/late-marker');
  }, 90_000);
});
