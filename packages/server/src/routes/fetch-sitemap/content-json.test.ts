import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../repos/test-support.js';
import { CHUNK_BYTES, contentJsonPieces } from './content-json.js';

describe('contentJsonPieces', () => {
  it('escapes the text in pieces that join into its JSON, characters split across pieces included', () => {
    // "é" (2 bytes) and "€" (3 bytes) straddle the piece boundary; quotes and newlines escape.
    const text = `${'a'.repeat(CHUNK_BYTES - 1)}é"quoted"\n${'b'.repeat(CHUNK_BYTES - 2)}€\t<end>`;
    const pieces = [...contentJsonPieces(Buffer.from(text))];
    expect(pieces.length).toBeGreaterThanOrEqual(4);
    expect(JSON.parse(Buffer.concat(pieces).toString('utf8'))).toEqual({ content: text });
  });
});

describe('a big check answered by the server', () => {
  const SIZE = 8 * 1024 * 1024;
  const line = '<url><loc>https://example.com/"page"</loc></url>\n';
  const sitemap = `<?xml version="1.0"?>\n<urlset>\n${line.repeat(Math.ceil(SIZE / line.length))}</urlset>\n`;
  let t: TestServer;
  let site: http.Server;
  let url: string;

  beforeAll(async () => {
    t = await startTestServer();
    site = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/xml' }).end(sitemap);
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/sitemap.xml`;
  });

  afterAll(async () => {
    await Promise.all([t.close(), new Promise((r) => site.close(r))]);
  });

  it('leaves the event loop free while it is downloaded, escaped and sent, however fast the client reads', async () => {
    // Counts the turns the server's event loop (this process) takes during the answer.
    let turns = 0;
    let answering = true;
    const tick = () => {
      turns++;
      if (answering) setImmediate(tick);
    };
    setImmediate(tick);
    const text = await new Promise<string>((resolve, reject) => {
      http.get(`${t.server.url}/api/fetch-sitemap?url=${encodeURIComponent(url)}`, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
        res.on('error', reject);
      });
    });
    answering = false;
    expect((JSON.parse(text) as { content: string }).content).toBe(sitemap);
    // At least one turn per 64 KB piece: /api/health never waits for a whole answer.
    expect(turns).toBeGreaterThanOrEqual(SIZE / CHUNK_BYTES);
  });
});
