import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { GZIP_FORMATS } from '../contract/formats.js';
import type { PageRecord } from '../crawler/types.js';
import { makePage } from './make-page.js';
import { writeExport } from './write-files.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const checkScript = path.join(repoRoot, 'scripts/check-sitemap.sh');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'mapsmith-export-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function pages(count: number): PageRecord[] {
  return Array.from({ length: count }, (_, i) =>
    makePage(`https://example.com/p/${i}?a=${i}&b='x'`, {
      title: `Page ${i} & <more>`,
      lastModified: i % 2 ? '2024-01-02T03:04:05Z' : null,
      hreflang: i % 3 === 0 ? [{ hreflang: 'en', href: `https://example.com/p/${i}` }] : [],
      images: i % 2 ? [{ src: `https://example.com/img/${i}.png`, alt: '' }] : [],
      videos:
        i % 4 === 1
          ? [
              {
                contentUrl: `https://example.com/v/${i}.mp4`,
                playerUrl: null,
                thumbnailUrl: `https://example.com/v/${i}.jpg`,
                title: `Video "${i}" ${'x'.repeat(120)}`,
                description: 'd & d',
                durationSeconds: 30,
                publicationDate: null,
              },
            ]
          : [],
    }),
  ).concat([makePage('https://bücher.example/ä ö', { title: 'IDN' })]);
}

/** Runs check-sitemap.sh on files; returns its exit status and output. */
function check(files: string[]) {
  const out = spawnSync('bash', [checkScript, ...files], { encoding: 'utf8' });
  return { status: out.status, output: out.stdout + out.stderr };
}

describe('writeExport through check-sitemap.sh', () => {
  for (const format of GZIP_FORMATS) {
    for (const gzip of [false, true]) {
      for (const split of [false, true]) {
        it(`${format}, ${split ? 'split' : 'one file'}, ${gzip ? 'gzipped' : 'plain'}`, async () => {
          const outDir = path.join(tmp, `${format}-${gzip}-${split}`);
          const result = await writeExport({
            format,
            pages: pages(40),
            outDir,
            gzip,
            maxUrlsPerFile: split ? 7 : undefined,
          });
          expect(result.split).toBe(split);
          const ext = gzip ? '.xml.gz' : '.xml';
          expect(result.entryFile.endsWith(ext)).toBe(true);
          expect(readdirSync(outDir).sort()).toEqual([...result.files].sort());
          if (split) expect(result.files.length).toBeGreaterThan(2);
          const { status, output } = check(result.files.map((f) => path.join(outDir, f)));
          expect(output).not.toContain('FAIL');
          expect(status).toBe(0);
        });
      }
    }
  }

  it('splits at the byte limit too, and the index lists every part under baseUrl', async () => {
    const outDir = path.join(tmp, 'bytes');
    const result = await writeExport({
      format: 'xml',
      pages: pages(30),
      outDir,
      gzip: true,
      maxBytesPerFile: 1000,
      baseUrl: 'https://cdn.example.net/maps/',
    });
    expect(result.files[0]).toBe('sitemap.xml.gz');
    const index = gunzipSync(readFileSync(path.join(outDir, 'sitemap.xml.gz'))).toString('utf8');
    const locs = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(result.files.slice(1).map((f) => `https://cdn.example.net/maps/${f}`));
    let listed = 0;
    for (const part of result.files.slice(1)) {
      const body = gunzipSync(readFileSync(path.join(outDir, part)));
      expect(body.length).toBeLessThanOrEqual(1000);
      listed += body.toString('utf8').match(/<url>/g)?.length ?? 0;
    }
    expect(listed).toBe(31);
    expect(result.urls).toBe(31);
    expect(check(result.files.map((f) => path.join(outDir, f))).status).toBe(0);
  });

  it('writes the document formats as single files from an async source', async () => {
    const outDir = path.join(tmp, 'docs');
    async function* source() {
      yield* pages(3);
    }
    for (const format of ['html', 'rss', 'json', 'txt'] as const) {
      const result = await writeExport({ format, pages: source(), outDir, gzip: true });
      expect(result.files).toEqual([`sitemap.${format}`]);
    }
    expect(JSON.parse(readFileSync(path.join(outDir, 'sitemap.json'), 'utf8')).count).toBe(4);
    const rss = path.join(outDir, 'sitemap.rss');
    // xmllint proves the RSS is well-formed XML.
    execFileSync('xmllint', ['--noout', rss]);
  });

  it('reports a clear error when the folder cannot be written', async () => {
    const blocker = path.join(tmp, 'file-not-dir');
    await writeExport({ format: 'txt', pages: pages(1), outDir: blocker });
    await expect(
      writeExport({ format: 'xml', pages: pages(1), outDir: path.join(blocker, 'sitemap.txt') }),
    ).rejects.toThrow(/EEXIST|ENOTDIR/);
  });
});

describe('writeExport on a failing source', () => {
  it('passes the error on and leaves no open file behind', async () => {
    async function* failing() {
      yield makePage('https://example.com/a');
      throw new Error('line 2: not JSON');
    }
    await expect(
      writeExport({
        format: 'xml',
        pages: failing(),
        outDir: path.join(tmp, 'failing'),
        gzip: true,
      }),
    ).rejects.toThrow('line 2: not JSON');
  });
});
