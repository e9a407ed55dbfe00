// Issue 13 point 2 on the desktop: the local store compares a crawl with the previous crawl of
// the same site (core `compareCrawls`, as hosted), and `crawl.changes` / the URL table show it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makePage, type PageRecord } from '@mapsmith/core';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalStore } from '../../packages/desktop/src/main/store/local-store';

let dir = '';
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const page = (p: string, fingerprint: string, extra: Partial<PageRecord> = {}) =>
  makePage(`https://a.example${p}`, { fingerprint, ...extra });

async function crawl(
  store: LocalStore,
  id: string,
  createdAt: string,
  pages: PageRecord[],
  url = 'https://a.example/',
) {
  await store.createJob({ id, url, createdAt, pageCap: 100 });
  await store.addPages(id, pages);
  await store.finishJob(id, {
    status: 'completed',
    pagesCrawled: pages.length,
    error: null,
    summary: null,
    finishedAt: createdAt,
  });
}

describe('the desktop change report', () => {
  it('marks rows, keeps honest lastmods and lists removed URLs', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-changes-'));
    const store = await LocalStore.open(path.join(dir, 'store.sqlite'));
    const deploy = (date: string) => ({ lastModified: date });
    await crawl(store, 'one', '2026-06-01T10:00:00.000Z', [
      page('/', 'h1', deploy('2026-05-01T00:00:00.000Z')),
      page('/same', 's1', deploy('2026-05-01T00:00:00.000Z')),
      page('/edit', 'e1'),
      page('/gone', 'g1'),
    ]);
    expect((await store.changes('one')).summary).toBeNull();
    // Typed without the slash this time: still the same site.
    await crawl(
      store,
      'two',
      '2026-07-01T10:00:00.000Z',
      [
        page('/', 'h2', deploy('2026-06-20T00:00:00.000Z')),
        page('/same', 's1', deploy('2026-06-30T00:00:00.000Z')),
        page('/edit', 'e2'),
        page('/new', 'n1'),
      ],
      'https://a.example',
    );
    const changes = await store.changes('two');
    expect(changes.summary).toMatchObject({ added: 1, removed: 1, changed: 2, unchanged: 1 });
    expect(changes.removed.map((r) => r.url)).toEqual(['https://a.example/gone']);
    const rows = await store.report.urls('two', { change: 'changed' });
    expect(rows.rows.map((r) => r.url)).toEqual(['https://a.example/', 'https://a.example/edit']);
    const lastmod = async (url: string) => (await store.report.url('two', url))?.lastModified;
    expect(await lastmod('https://a.example/same')).toBe('2026-05-01T00:00:00.000Z');
    expect(await lastmod('https://a.example/')).toBe('2026-06-20T00:00:00.000Z');
    expect(await lastmod('https://a.example/edit')).toBe('2026-07-01T10:00:00.000Z');
    await store.close();
  });
});
