import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSitemapFile } from './sitemap-file.js';

const XML = '<urlset><url><loc>https://a.test/é</loc></url></urlset>';
const LIMIT = 52_428_800;
let dir = '';

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mapsmith-sitemap-file-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function write(name: string, bytes: Uint8Array | string): Promise<string> {
  const file = path.join(dir, name);
  await fs.writeFile(file, bytes);
  return file;
}

describe('readSitemapFile', () => {
  it('reads a sitemap as UTF-8 text, with its file name', async () => {
    const file = await write('sitemap.xml', XML);
    expect(await readSitemapFile(file)).toEqual({ fileName: 'sitemap.xml', content: XML });
  });

  it('decompresses a gzip file whatever its name', async () => {
    const file = await write('sitemap.bin', gzipSync(XML));
    expect((await readSitemapFile(file)).content).toBe(XML);
  });

  it('refuses a file over 50 MB before reading it', async () => {
    const file = path.join(dir, 'big.xml');
    await fs.writeFile(file, '');
    await fs.truncate(file, LIMIT + 1);
    await expect(readSitemapFile(file)).rejects.toMatchObject({
      code: 'input.too-large',
      message: 'A sitemap may be at most 50 MB (52,428,800 bytes).',
    });
  });

  it('refuses a gzip inflating past 50 MB, and a corrupt one, in the same words', async () => {
    const bomb = await write('bomb.xml.gz', gzipSync(new Uint8Array(LIMIT + 1)));
    const corrupt = await write('bad.xml.gz', gzipSync(XML).subarray(0, 20));
    for (const file of [bomb, corrupt]) {
      await expect(readSitemapFile(file)).rejects.toMatchObject({
        code: 'input.invalid',
        message: 'The file is gzip but could not be decompressed within 50 MB.',
      });
    }
  });

  it('refuses what is not a file', async () => {
    await expect(readSitemapFile(dir)).rejects.toMatchObject({
      code: 'input.invalid',
      error: 'Not a file',
    });
  });
});
