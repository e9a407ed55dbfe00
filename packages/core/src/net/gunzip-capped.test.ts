import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GunzipError, gunzipIfGzip } from './gunzip-capped.js';

const xml = new TextEncoder().encode('<urlset><url><loc>https://a.test/</loc></url></urlset>');

describe('gunzipIfGzip', () => {
  it('inflates gzip bytes, sniffed by their magic number', async () => {
    expect(await gunzipIfGzip(gzipSync(xml), 1000)).toEqual(Buffer.from(xml));
  });

  it('gives other bytes back as they are, however long', async () => {
    const same = await gunzipIfGzip(xml, 10);
    expect(same).toBe(xml);
    const one = new Uint8Array([0x1f]);
    expect(await gunzipIfGzip(one, 10)).toBe(one);
  });

  it('stops past the cap, saying the output is too large', async () => {
    const inflating = gunzipIfGzip(gzipSync(new Uint8Array(10_001)), 10_000);
    await expect(inflating).rejects.toMatchObject({ name: 'GunzipError', tooLarge: true });
    expect(await gunzipIfGzip(gzipSync(new Uint8Array(10_000)), 10_000)).toHaveLength(10_000);
  });

  it('refuses a corrupt gzip as not too large', async () => {
    const corrupt = gzipSync(xml).subarray(0, 20);
    const inflating = gunzipIfGzip(corrupt, 1000);
    await expect(inflating).rejects.toBeInstanceOf(GunzipError);
    await expect(inflating).rejects.toMatchObject({ tooLarge: false });
  });
});
