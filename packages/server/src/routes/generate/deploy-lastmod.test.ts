import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkerMessages, checkSitemap } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../repos/test-support.js';

const DEPLOYED = 'Tue, 10 Nov 2026 08:00:00 GMT';

/** A site deployed at once: every page answers the same Last-Modified, unless `varied`. */
function startDeployedSite(varied: boolean): Promise<{ url: string; close(): Promise<void> }> {
  const pages = ['/', '/a', '/b', '/c', '/d'];
  const server = http.createServer((req, res) => {
    const i = pages.indexOf(req.url ?? '');
    if (i < 0) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    const lastModified = varied ? new Date(Date.UTC(2026, 10, 1 + i)).toUTCString() : DEPLOYED;
    const links = pages.map((p) => `<a href="${p}">${p}</a>`).join(' ');
    res
      .writeHead(200, { 'Content-Type': 'text/html', 'Last-Modified': lastModified })
      .end(
        `<!doctype html><html><head><title>Page ${i}</title></head><body>${links}</body></html>`,
      );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

let t: TestServer;
let user: TestUser;

beforeAll(async () => {
  t = await startTestServer();
  user = await createTestUser(t.server.context.db);
});

afterAll(async () => {
  await t.close();
});

async function crawlAndExport(url: string): Promise<string> {
  const started = await call(t.server.url, user, 'POST', '/api/crawl', { url });
  expect(started.status).toBe(201);
  const { jobId } = await started.json();
  const end = Date.now() + 20_000;
  for (;;) {
    const job = await (await call(t.server.url, user, 'GET', `/api/crawl/${jobId}`)).json();
    if (job.status === 'completed') break;
    expect(job.status).not.toBe('failed');
    if (Date.now() > end) throw new Error('crawl did not finish');
    await new Promise((r) => setTimeout(r, 100));
  }
  const file = await call(t.server.url, user, 'GET', `/api/generate/${jobId}/xml`);
  expect(file.status).toBe(200);
  return file.text();
}

describe('Mapsmith does not write a lastmod its own checker calls the generation time', () => {
  it('leaves lastmod out when every page has the same Last-Modified (a deploy time)', async () => {
    const site = await startDeployedSite(false);
    try {
      const xml = await crawlAndExport(site.url);
      expect(xml).not.toContain('<lastmod>');
      const result = checkSitemap(xml);
      expect(result.stats.totalUrls).toBe(5);
      expect(result.warnings.map((w) => w.message)).not.toContain(
        checkerMessages.sameLastmod('2026-11-10T08:00:00+00:00'),
      );
      expect(result.warnings).toEqual([]);
    } finally {
      await site.close();
    }
  });

  it('keeps real, differing lastmod dates', async () => {
    const site = await startDeployedSite(true);
    try {
      const xml = await crawlAndExport(site.url);
      expect(xml.match(/<lastmod>/g)).toHaveLength(5);
      expect(checkSitemap(xml).warnings).toEqual([]);
    } finally {
      await site.close();
    }
  });
});
