import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpFetcher } from '../net/http-fetcher.js';
import { createUrlPolicy } from '../net/url-policy.js';
import { silentLogger } from '../ports/logger.js';
import { LIVE_SITEMAP_LIMITS, type LiveSitemapLimits, readLiveSitemaps } from './live-sitemaps.js';

/** A urlset of `count` URLs under `prefix`, padded with a comment to about `padMb` MB. */
function urlset(prefix: string, count: number, padMb = 0): Buffer {
  const pad = padMb > 0 ? `<!--${'x'.repeat(padMb * 1024 * 1024)}-->` : '';
  const locs: string[] = [];
  for (let i = 0; i < count; i++) locs.push(`<url><loc>${prefix}${i}</loc></url>`);
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${pad}${locs.join('\n')}</urlset>\n`,
  );
}

let server: http.Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

/** Serves robots.txt listing `files` (path to body) and the files themselves. */
async function site(files: (origin: string) => Record<string, Buffer>): Promise<string> {
  let served: Record<string, Buffer> = {};
  server = http.createServer((req, res) => {
    const path = req.url ?? '';
    if (path === '/robots.txt') {
      const lines = Object.keys(served).map((p) => `Sitemap: ${origin}${p}`);
      return void res.writeHead(200, { 'content-type': 'text/plain' }).end(lines.join('\n'));
    }
    const body = served[path];
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/xml', 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  served = files(origin);
  return origin;
}

async function read(origin: string, bounds?: LiveSitemapLimits) {
  const policy = createUrlPolicy({ allowLoopback: true });
  const fetcher = createHttpFetcher({ policy });
  const deps = { fetcher, policy, logger: silentLogger };
  try {
    return await (bounds ? readLiveSitemaps(origin, deps, bounds) : readLiveSitemaps(origin, deps));
  } finally {
    await fetcher.close();
  }
}

describe('the live sitemaps of a comparison are read under one budget', () => {
  it('reads a file of 250,000 URLs up to the 200,000 of a comparison and says so (no stack overflow)', async () => {
    const origin = await site((o) => ({ '/huge.xml': urlset(`${o}/p/`, 250_000) }));
    const live = await read(origin);
    expect(live.entries).toHaveLength(200_000);
    expect(live.truncated).toBe(true);
    expect(live.cut).toMatch(/more than 200,000 URLs; the first 200,000 were read/);
  });

  it('stops once the gzipped files inflate past the byte budget, and names the first left out', async () => {
    const origin = await site((o) => ({
      '/a.xml.gz': gzipSync(urlset(`${o}/a/`, 5, 3)),
      '/b.xml.gz': gzipSync(urlset(`${o}/b/`, 5, 3)),
      '/c.xml.gz': gzipSync(urlset(`${o}/c/`, 5, 3)),
    }));
    const live = await read(origin, { ...LIVE_SITEMAP_LIMITS, maxBytes: 5 * 1024 * 1024 });
    expect(live.files.map((f) => f.url)).toEqual([`${origin}/a.xml.gz`]);
    expect(live.entries).toHaveLength(5);
    expect(live.cut).toMatch(/read up to 5 MB in all \(decompressed\);.*\/b\.xml\.gz/);
  });
});
