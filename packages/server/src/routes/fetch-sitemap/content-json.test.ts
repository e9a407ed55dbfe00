import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeContentJson } from './content-json.js';

const SIZE = 8 * 1024 * 1024;
let server: http.Server;
let url: string;
let turns = 0;

beforeAll(async () => {
  // Plain ASCII with a newline and a quote on every line: every chunk has something to escape.
  const line = '<url><loc>https://example.com/"page"</loc></url>\n';
  const bytes = Buffer.from(line.repeat(Math.ceil(SIZE / line.length)));
  const app = express();
  app.get('/', async (_req, res) => {
    // Counts the turns the event loop takes while the answer is written.
    turns = 0;
    let writing = true;
    const tick = () => {
      turns++;
      if (writing) setImmediate(tick);
    };
    setImmediate(tick);
    await writeContentJson(res, bytes);
    writing = false;
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
});

describe('writeContentJson', () => {
  it('answers the text as JSON and gives the event loop a turn between chunks, however fast the client reads', async () => {
    const text = await new Promise<string>((resolve, reject) => {
      http.get(url, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
        res.on('error', reject);
      });
    });
    const content = (JSON.parse(text) as { content: string }).content;
    expect(content.length).toBeGreaterThanOrEqual(SIZE);
    expect(content.startsWith('<url><loc>https://example.com/"page"</loc></url>\n')).toBe(true);
    // 128 chunks of 64 KB: one turn each at least, so a health check waits for one chunk, not
    // for the whole answer.
    expect(turns).toBeGreaterThanOrEqual(SIZE / (64 * 1024));
  });
});
