import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makePage } from './make-page.js';
import { NothingToListError } from './nothing-to-list.js';
import { renderExport } from './render.js';
import { writeExport } from './write-files.js';

const excluded = makePage('https://a.example/old', {
  verdict: { included: false, code: 'status', reason: 'excluded: 404' },
});
const plain = makePage('https://a.example/');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'mapsmith-empty-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('a sitemap with nothing to list', () => {
  it('is refused with a reason rather than written as an invalid empty urlset', async () => {
    const error = await writeExport({ format: 'xml', pages: [excluded], outDir: dir }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NothingToListError);
    expect((error as Error).message).toMatch(/no pages that belong in a sitemap/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('names images and videos in the reason', async () => {
    await expect(writeExport({ format: 'videos', pages: [plain], outDir: dir })).rejects.toThrow(
      /no videos with the fields Google requires/,
    );
    await expect(
      writeExport({ format: 'images', pages: [plain], outDir: dir, gzip: true }),
    ).rejects.toThrow(/no images/);
    expect(readdirSync(dir)).toEqual([]);
    expect(() => renderExport('videos', [plain])).toThrow(NothingToListError);
  });

  it('still writes the document formats, which may be empty', async () => {
    for (const format of ['html', 'rss', 'json', 'txt'] as const) {
      const result = await writeExport({ format, pages: [excluded], outDir: dir });
      expect(result.urls, format).toBe(0);
      expect(readdirSync(dir), format).toContain(result.entryFile);
    }
  });

  it('writes a sitemap as soon as one URL is listable', async () => {
    const result = await writeExport({ format: 'xml', pages: [excluded, plain], outDir: dir });
    expect(result.urls).toBe(1);
    expect(readdirSync(dir)).toEqual(['sitemap.xml']);
  });
});
