// The CLI's spill store against the memory store (issue 28 point 4): one crawl of the varied
// fixture site drives both with the very same calls, and every answer the crawler gets, every
// complete record and every export format's bytes must be equal, so `mapsmith crawl` writes
// what it wrote before the store changed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlFixture, VARIED_FEATURES } from '../../../../tests/fixtures/site/crawl-helper.js';
import { startFixtureSite } from '../../../../tests/fixtures/site/index.js';
import { EXPORT_FORMATS } from '../contract/formats.js';
import type { PageRecord } from '../crawler/types.js';
import { writeExports } from '../export/write-many.js';
import type { CrawlStore } from '../ports/crawl-store.js';
import { createMemoryStore } from './memory-store.js';
import { createSpillStore } from './spill-store.js';

/** A store that runs every call on both stores, answers the memory store's and records both. */
function teeStore(memory: CrawlStore, spill: CrawlStore, answers: unknown[][]): CrawlStore {
  const both = async <T>(call: (store: CrawlStore) => Promise<T>): Promise<T> => {
    const [a, b] = await Promise.all([call(memory), call(spill)]);
    answers.push([a, b]);
    return a;
  };
  return {
    enqueue: (entries) => both((s) => s.enqueue(entries)),
    take: (limit) => both((s) => s.take(limit)),
    requeueLeased: () => both((s) => s.requeueLeased()),
    counts: () => both((s) => s.counts()),
    addInlinks: (links) => both((s) => s.addInlinks(links)),
    savePage: (key, page) => both((s) => s.savePage(key, page)),
    pages: () => memory.pages(),
    listed: () => memory.listed(),
  };
}

async function all(pages: AsyncIterable<PageRecord>): Promise<PageRecord[]> {
  const out: PageRecord[] = [];
  for await (const page of pages) out.push(page);
  return out;
}

function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of fs.readdirSync(dir).sort())
    out[name] = fs.readFileSync(path.join(dir, name)).toString('base64');
  return out;
}

describe('the spill store gives a crawl what the memory store gives', () => {
  const memory = createMemoryStore();
  const spill = createSpillStore();
  const answers: unknown[][] = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'spill-parity-'));

  beforeAll(async () => {
    const site = await startFixtureSite({ pages: 120, features: VARIED_FEATURES });
    try {
      await crawlFixture(
        site.url,
        { render: 'never' },
        { store: teeStore(memory, spill, answers) },
      );
    } finally {
      await site.close();
    }
  }, 120_000);
  afterAll(() => {
    spill.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('answers every call of the crawl alike', () => {
    expect(answers.length).toBeGreaterThan(200);
    for (const [a, b] of answers) expect(b).toEqual(a);
  });

  it('gives the same complete records, in save order and in the sitemap order', async () => {
    const saved = await all(memory.pages());
    expect(saved.some((p) => p.inlinks > 5 && p.linkedFrom.length === 5)).toBe(true);
    expect(JSON.stringify(await all(spill.pages()))).toBe(JSON.stringify(saved));
    expect(JSON.stringify(await all(spill.listed()))).toBe(
      JSON.stringify(await all(memory.listed())),
    );
  });

  it('writes every export format byte for byte alike', async () => {
    const [a, b] = [path.join(tmp, 'memory'), path.join(tmp, 'spill')];
    await writeExports(EXPORT_FORMATS, () => memory.listed(), { outDir: a });
    await writeExports(EXPORT_FORMATS, () => spill.listed(), { outDir: b });
    expect(Object.keys(files(a)).length).toBeGreaterThanOrEqual(EXPORT_FORMATS.length);
    expect(files(b)).toEqual(files(a));
  });
});
