import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlFixture } from '../../../../tests/fixtures/site/crawl-helper.js';
import { EXPORT_FORMATS } from '../contract/formats.js';
import type { PageRecord } from '../crawler/types.js';
import { buildOutcome, DownloadTally } from '../report/outcome.js';
import { createMemoryStore } from '../store/memory-store.js';
import { buildExport } from './build-export.js';
import { UNIFORM_LASTMOD_NOTE } from './uniform-lastmod.js';

/** Every file of a static site deployed at once carries this date (walkthrough defect 18). */
const DEPLOYED = new Date(Date.UTC(2026, 10, 26, 9, 22, 43));
const PAGES = ['/', '/a', '/b', '/c'];

let server: http.Server;
let origin = '';
/** Per path, the Last-Modified date to send: the deploy date unless a test changes one. */
const dates = new Map<string, Date>();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'mapsmith-lastmod-'));

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const p = req.url ?? '/';
    if (!PAGES.includes(p)) {
      res.writeHead(404).end();
      return;
    }
    const links = PAGES.map((to) => `<a href="${to}">${to}</a>`).join(' ');
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'last-modified': (dates.get(p) ?? DEPLOYED).toUTCString(),
    });
    res.end(
      `<!doctype html><html><head><title>Page ${p}</title></head><body>${links}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(tmp, { recursive: true, force: true });
});

async function crawl(): Promise<PageRecord[]> {
  const store = createMemoryStore();
  await crawlFixture(`${origin}/`, { render: 'never' }, { store });
  const pages: PageRecord[] = [];
  for await (const page of store.pages()) pages.push(page);
  return pages;
}

/** Each format's file as the hosted export cache and the desktop build it. */
async function files(pages: PageRecord[], name: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  // The image and video formats have nothing to list on this site (no media).
  for (const format of EXPORT_FORMATS.filter((f) => f !== 'images' && f !== 'videos')) {
    const dir = path.join(tmp, name, format);
    const result = await buildExport(() => pages, { format, gzip: false, rssLimit: null }, dir);
    out.set(format, readFileSync(path.join(dir, result.entryFile), 'utf8'));
  }
  return out;
}

function lastmodNote(pages: PageRecord[]): string | null | undefined {
  const tally = new DownloadTally();
  for (const page of pages) tally.observe(page);
  const outcome = buildOutcome({
    endReason: 'finished',
    endSentence: null,
    counts: [{ reason: 'listed', label: 'listed', count: pages.length }],
    start: pages[0] ?? null,
    error: null,
    pages: pages.length,
    waiting: 0,
    tally,
  });
  return outcome.lastmodNote;
}

describe('one lastmod rule for every format (issue 25 point 6, walkthrough defect 18)', () => {
  it('leaves a uniform deploy date out of every format, and the results say why', async () => {
    const pages = await crawl();
    expect(pages.filter((p) => p.verdict.included)).toHaveLength(PAGES.length);
    for (const [format, text] of await files(pages, 'uniform')) {
      expect(text, format).not.toMatch(/2026-11-26|26 Nov 2026|<lastmod>|<pubDate>/);
    }
    expect(lastmodNote(pages)).toBe(UNIFORM_LASTMOD_NOTE);
    expect(UNIFORM_LASTMOD_NOTE).toMatch(/^lastmod left out .*every page reported the same date/);
  });

  it('keeps real dates in every format that carries one, with no note', async () => {
    dates.set('/b', new Date(Date.UTC(2026, 9, 1)));
    try {
      const pages = await crawl();
      const out = await files(pages, 'mixed');
      expect(out.get('xml')).toContain('<lastmod>2026-11-26T09:22:43');
      expect(out.get('json')).toContain('2026-11-26T09:22:43');
      expect(out.get('rss')).toContain('<pubDate>Thu, 26 Nov 2026 09:22:43 GMT</pubDate>');
      expect(lastmodNote(pages)).toBeNull();
    } finally {
      dates.delete('/b');
    }
  });
});
