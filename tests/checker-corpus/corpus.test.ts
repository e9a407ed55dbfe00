import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { checkSitemap, checkSitemapBytes, checkerMessages as m } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const here = import.meta.dirname;
const file = (name: string) => readFileSync(path.join(here, name));
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

let server: http.Server;
let hits = 0;
let base = '';
beforeAll(async () => {
  server = http.createServer((_req, res) => {
    hits++;
    res.end('<!ENTITY leak "LEAKED">');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('hostile sitemaps', () => {
  it('billion laughs: stops at the entity declarations, at once', async () => {
    const started = performance.now();
    const r = await checkSitemapBytes(file('billion-laughs.xml'));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(r.isValid).toBe(false);
    expect(r.errors).toEqual([{ message: m.ENTITY_DECLARATION, line: 13 }]);
  });

  it('XXE to a file: never reads it', async () => {
    const r = await checkSitemapBytes(file('xxe-file.xml'));
    expect(r.isValid).toBe(false);
    expect(r.errors.map((e) => e.message)).toEqual([m.ENTITY_DECLARATION]);
    expect(JSON.stringify(r)).not.toContain('root:');
  });

  it('an undeclared entity is a parse error, not an expansion', () => {
    const r = checkSitemap(file('undeclared-entity.xml').toString('utf8'));
    expect(r.isValid).toBe(false);
    expect(r.errors[0]?.message).toMatch(/^XML parsing error: 3:\d+: undefined entity/);
  });

  it('XXE to a URL and an external DTD: no request is ever made', async () => {
    const viaEntity = `<?xml version="1.0"?>\n<!DOCTYPE urlset [<!ENTITY x SYSTEM "${base}/x">]>\n<urlset ${NS}><url><loc>https://e.com/&x;</loc></url></urlset>`;
    const viaDtd = `<?xml version="1.0"?>\n<!DOCTYPE urlset SYSTEM "${base}/evil.dtd">\n<urlset ${NS}><url><loc>https://e.com/&leak;</loc></url></urlset>`;
    const paramEntity = `<?xml version="1.0"?>\n<!DOCTYPE urlset [<!ENTITY % p SYSTEM "${base}/p"> %p;]>\n<urlset ${NS}/>`;
    for (const doc of [viaEntity, viaDtd, paramEntity]) {
      const r = await checkSitemapBytes(new TextEncoder().encode(doc));
      expect(r.isValid).toBe(false);
      expect(JSON.stringify(r)).not.toContain('LEAKED');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hits).toBe(0);
  });

  it('gzip bomb: stops at 52,428,800 decompressed bytes with a clear error', async () => {
    const bomb = gzipSync(
      Buffer.concat([
        Buffer.from(`<?xml version="1.0"?><urlset ${NS}>`),
        Buffer.alloc(80 * 1024 * 1024, 0x20),
      ]),
    );
    expect(bomb.length).toBeLessThan(200_000);
    const r = await checkSitemapBytes(bomb);
    expect(r.isValid).toBe(false);
    expect(r.errors).toEqual([{ message: m.gzipTooLarge(52_428_800) }]);
  });

  it('a valid .xml.gz is read, and broken gzip is a clear error', async () => {
    const doc = `<?xml version="1.0"?>\n<urlset ${NS}><url><loc>https://e.com/</loc></url></urlset>`;
    const ok = await checkSitemapBytes(gzipSync(doc));
    expect(ok).toMatchObject({ isValid: true, stats: { totalUrls: 1 } });
    const broken = gzipSync(doc).subarray(0, 20);
    const r = await checkSitemapBytes(broken);
    expect(r.isValid).toBe(false);
    expect(r.errors[0]?.message).toMatch(/^Cannot decompress the gzip file: /);
  });

  it('60,000 URLs: an error over 50,000, and quickly', async () => {
    const parts = [`<?xml version="1.0"?>\n<urlset ${NS}>\n`];
    for (let i = 0; i < 60_000; i++) parts.push(`<url><loc>https://e.com/p/${i}</loc></url>\n`);
    parts.push('</urlset>');
    const started = performance.now();
    const r = await checkSitemapBytes(new TextEncoder().encode(parts.join('')));
    expect(performance.now() - started).toBeLessThan(5000);
    expect(r.errors).toEqual([{ message: m.tooManyUrls(60_000) }]);
    expect(r.stats).toEqual({ totalUrls: 60_000, validUrls: 60_000, duplicateUrls: 0 });
  });

  it('deep nesting: stops at 64 levels', () => {
    const depth = 100_000;
    const doc = `<?xml version="1.0"?><urlset ${NS}><url>${'<x>'.repeat(depth)}${'</x>'.repeat(depth)}</url></urlset>`;
    const r = checkSitemap(doc);
    expect(r.isValid).toBe(false);
    expect(r.errors.map((e) => e.message)).toEqual([m.tooDeep(64)]);
  });

  it('oversized input: stops with a clear error', async () => {
    const doc = `<?xml version="1.0"?><urlset ${NS}>${' '.repeat(2000)}</urlset>`;
    const r = await checkSitemapBytes(new TextEncoder().encode(doc), { maxInputBytes: 1000 });
    expect(r.errors).toEqual([{ message: m.inputTooLarge(1000) }]);
    expect(checkSitemap(doc, { maxInputBytes: 1000 }).errors).toEqual([
      { message: m.inputTooLarge(1000) },
    ]);
  });

  it('the input cap counts UTF-8 bytes on the text path as on the bytes path', async () => {
    // About 610 characters, 1,090 bytes: over a 1,000-byte cap either way.
    const loc = `https://example.com/${'é'.repeat(480)}`;
    const doc = `<?xml version="1.0"?><urlset ${NS}><url><loc>${loc}</loc></url></urlset>`;
    const bytes = new TextEncoder().encode(doc);
    expect(doc.length).toBeLessThan(1000);
    expect(bytes.length).toBeGreaterThan(1000);
    const tooLarge = [{ message: m.inputTooLarge(1000) }];
    expect((await checkSitemapBytes(bytes, { maxInputBytes: 1000 })).errors).toEqual(tooLarge);
    expect(checkSitemap(doc, { maxInputBytes: 1000 }).errors).toEqual(tooLarge);
    expect(checkSitemap(doc, { maxInputBytes: 2000 }).errors).toEqual([]);
  });

  it('binary garbage is a parse error, not a crash', async () => {
    const bytes = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
    const r = await checkSitemapBytes(bytes);
    expect(r.isValid).toBe(false);
    expect(r.errors[0]?.message).toMatch(/^XML parsing error: /);
  });
});
