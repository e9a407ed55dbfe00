import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makePage } from './make-page.js';
import { NothingToListError } from './nothing-to-list.js';
import { CrawlFileError, readCrawlFile } from './read-crawl-file.js';
import { renderExport } from './render.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'mapsmith-crawl-file-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function read(text: string) {
  const file = path.join(tmp, `f${Math.random()}.jsonl`);
  writeFileSync(file, text);
  const pages = [];
  for await (const page of readCrawlFile(file)) pages.push(page);
  return pages;
}

describe('readCrawlFile', () => {
  it('reads records, skips blank and summary lines, accepts CRLF', async () => {
    const a = makePage('https://a.example/');
    const text = `${JSON.stringify(a)}\r\n\r\n${JSON.stringify({ startUrl: 'https://a.example/', included: 1 })}\r\n`;
    expect(await read(text)).toEqual([a]);
  });

  it('fills the optional arrays of a minimal record so every format can use it', async () => {
    const pages = await read('{"url":"https://a.example/x","verdict":{"included":true}}\n');
    expect(pages[0]).toMatchObject({ finalUrl: 'https://a.example/x', images: [], hreflang: [] });
    for (const format of ['xml', 'html', 'rss', 'json', 'txt', 'xml-images'] as const)
      expect(() => renderExport(format, pages)).not.toThrow();
    // The record has no images or videos: those sitemaps refuse to be empty, by name.
    for (const format of ['images', 'videos'] as const)
      expect(() => renderExport(format, pages)).toThrow(NothingToListError);
  });

  it('names the first bad line', async () => {
    await expect(
      read('{"url":"https://a.example/","verdict":{"included":true}}\nnot json\n'),
    ).rejects.toThrow(/^line 2: not JSON/);
    await expect(read('{"url":"x","verdict":{}}\n')).rejects.toThrow(CrawlFileError);
    await expect(read('{"url":"x","verdict":{"included":true},"images":5}\n')).rejects.toThrow(
      'line 1: "images" must be an array',
    );
  });
});
