import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PageRecord } from '../crawler/types.js';
import { RUN_ITEMS } from './disk-sorter.js';
import { makePage } from './make-page.js';
import { renderExport } from './render.js';
import { writeExport } from './write-files.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'mapsmith-sorted-formats-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const dates = ['2024-01-02T03:04:05Z', '2023-06-01T00:00:00Z', null, '2025-02-03T10:00:00Z'];
const sections = ['blog', 'Blog', 'docs', 'ä', ''];

/** Past two runs of the disk sorter, with many ties in both orders (dates, paths, groups). */
function* pages(): Generator<PageRecord> {
  const count = 2 * RUN_ITEMS + 1234;
  for (let i = 0; i < count; i++) {
    const section = sections[i % sections.length];
    // 'é' precomposed and decomposed: different URLs whose paths compare equal (localeCompare).
    const name = i % 7 === 0 ? (i % 2 ? 'caf\u00e9' : 'cafe\u0301') : `p${(i * 7919) % 5000}`;
    const url = `https://example.com/${section ? `${section}/` : ''}${name}?n=${i % 3}`;
    const host = i % 11 === 0 ? 'https://other.example' : null;
    yield makePage(host ? `${host}/x/${i % 4}` : url, {
      title: i % 5 === 0 ? null : `Page ${i} & <more>`,
      lastModified: dates[i % dates.length] ?? null,
    });
  }
}

describe('html and rss written to files past a run of the disk sorter', () => {
  for (const [format, options] of [
    ['html', {}],
    ['rss', {}],
    ['rss', { rssLimit: 100 }],
    ['rss', { rssLimit: RUN_ITEMS + 10 }],
  ] as const) {
    it(`${format} ${JSON.stringify(options)} is byte-identical to the in-memory rendering`, async () => {
      const outDir = path.join(tmp, `${format}-${options.rssLimit ?? 'all'}`);
      const result = await writeExport({ format, pages: pages(), outDir, ...options });
      const written = readFileSync(path.join(outDir, result.entryFile), 'utf8');
      expect(written).toBe(renderExport(format, pages(), options));
      const items = format === 'html' ? /<li>/g : /<item>/g;
      expect(result.urls).toBe(written.match(items)?.length);
    });
  }
});
