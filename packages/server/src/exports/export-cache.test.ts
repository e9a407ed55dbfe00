import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makePage, type PageRecord } from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExportCache } from './export-cache.js';

let root: string;
let live: Set<string>;
let reads: number;

function pagesOf(count: number) {
  return async function* (): AsyncIterable<PageRecord> {
    reads += 1;
    for (let i = 0; i < count; i++) yield makePage(`https://example.com/p/${i}`);
  };
}

const cacheOf = (maxBytes = 1 << 30) =>
  new ExportCache({
    root,
    maxBytes,
    liveJobs: async (ids) => new Set(ids.filter((id) => live.has(id))),
  });

const xml = { format: 'xml', gzip: false, rssLimit: null } as const;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-exports-'));
  live = new Set(['job-a', 'job-b']);
  reads = 0;
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(root, { recursive: true, force: true });
});

/** The size `files.json` records for the export in `dir`. */
const bytesOf = (dir: string) =>
  (JSON.parse(fs.readFileSync(path.join(dir, 'files.json'), 'utf8')) as { bytes: number }).bytes;

describe('export cache', () => {
  it('builds a split export once and serves every part from disk afterwards', async () => {
    const cache = cacheOf();
    const first = await cache.get(1, 'job-a', xml, pagesOf(50_001));
    expect(first.built).toBe(true);
    expect(first.files).toEqual(['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml']);
    const again = await cache.get(1, 'job-a', xml, pagesOf(50_001));
    expect(again).toEqual({ ...first, built: false });
    // One build: a lastmod pre-pass (hasUniformLastmod, stops at the first page here) and a write.
    expect(reads).toBe(2);
    // A new process (a restart) finds the export on disk too.
    expect((await cacheOf().get(1, 'job-a', xml, pagesOf(50_001))).built).toBe(false);
    expect(reads).toBe(2);
    expect(fs.readdirSync(path.join(root, '1', 'job-a'))).toEqual(['xml']);
  });

  it('builds one variant once for concurrent downloads', async () => {
    const cache = cacheOf();
    const all = await Promise.all(
      Array.from({ length: 5 }, () => cache.get(1, 'job-a', xml, pagesOf(300))),
    );
    expect(all.filter((b) => b.built)).toHaveLength(1);
    expect(reads).toBe(2); // one build: the lastmod pre-pass and the write
    const gz = await cache.get(1, 'job-a', { ...xml, gzip: true }, pagesOf(300));
    const rss = await cache.get(
      1,
      'job-a',
      { format: 'rss', gzip: false, rssLimit: 100 },
      pagesOf(300),
    );
    expect([gz.built, rss.built]).toEqual([true, true]);
    expect(fs.readdirSync(path.join(root, '1', 'job-a')).sort()).toEqual([
      'rss.100',
      'xml',
      'xml.gz',
    ]);
  });

  it('leaves nothing behind when a build fails, and forgets users and deleted jobs', async () => {
    const cache = cacheOf();
    await expect(
      cache.get(1, 'job-a', { format: 'videos', gzip: false, rssLimit: null }, pagesOf(3)),
    ).rejects.toThrow(/nothing to list|no .*video/i);
    expect(fs.readdirSync(path.join(root, '1', 'job-a'))).toEqual([]);
    await cache.get(1, 'job-a', xml, pagesOf(3));
    await cache.get(1, 'job-b', xml, pagesOf(3));
    await cache.get(2, 'job-b', xml, pagesOf(3));
    live.delete('job-a');
    await cache.sweep();
    expect(fs.readdirSync(path.join(root, '1'))).toEqual(['job-b']);
    await cache.forgetUser(2);
    expect(fs.readdirSync(root)).toEqual(['1']);
  });

  it('evicts the least recently used exports past its size, never the one just built', async () => {
    const probe = await cacheOf().get(9, 'job-a', xml, pagesOf(2000));
    const size = fs.statSync(path.join(probe.dir, 'sitemap.xml')).size;
    fs.rmSync(path.join(root, '9'), { recursive: true });
    // Room for two exports of this size, not three.
    const cache = cacheOf(Math.floor(size * 2.5));
    await cache.get(1, 'job-a', xml, pagesOf(2000));
    await new Promise((r) => setTimeout(r, 20));
    await cache.get(1, 'job-b', xml, pagesOf(2000));
    await new Promise((r) => setTimeout(r, 20));
    // Using job-a makes job-b the least recently used.
    expect((await cache.get(1, 'job-a', xml, pagesOf(2000))).built).toBe(false);
    await new Promise((r) => setTimeout(r, 20));
    live.add('job-c');
    await cache.get(1, 'job-c', xml, pagesOf(2000));
    expect(fs.readdirSync(path.join(root, '1', 'job-a'))).toEqual(['xml']);
    expect(fs.readdirSync(path.join(root, '1', 'job-b'))).toEqual([]);
    expect(fs.readdirSync(path.join(root, '1', 'job-c'))).toEqual(['xml']);
    // An export larger than the whole cache is still served, then goes at the next sweep.
    const tiny = cacheOf(10);
    expect((await tiny.get(1, 'job-b', xml, pagesOf(2000))).built).toBe(true);
    expect(fs.existsSync(path.join(root, '1', 'job-b', 'xml', 'sitemap.xml'))).toBe(true);
  });

  it('sweeps the staging folder a killed build left, never one being built', async () => {
    const cache = cacheOf();
    await cache.get(1, 'job-a', xml, pagesOf(3));
    const orphan = path.join(root, '1', 'job-a', '.build-0123456789ab');
    fs.mkdirSync(orphan, { recursive: true });
    fs.writeFileSync(path.join(orphan, 'sitemap.xml'), '<urlset>');
    // A build in progress while the sweep runs keeps its staging folder.
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow = async function* (): AsyncIterable<PageRecord> {
      await gate;
      yield makePage('https://example.com/slow');
    };
    const building = cache.get(1, 'job-b', xml, slow);
    await new Promise((r) => setImmediate(r));
    await cache.sweep();
    expect(fs.readdirSync(path.join(root, '1', 'job-a'))).toEqual(['xml']);
    release();
    expect((await building).built).toBe(true);
    expect(fs.readdirSync(path.join(root, '1', 'job-b'))).toEqual(['xml']);
  });

  it('builds nothing while the disk is low, and still serves what is built', async () => {
    let room = true;
    const cache = new ExportCache({
      root,
      maxBytes: 1 << 30,
      liveJobs: async (ids) => new Set(ids),
      hasRoom: async () => room,
    });
    await cache.get(1, 'job-a', xml, pagesOf(3));
    room = false;
    expect((await cache.get(1, 'job-a', xml, pagesOf(3))).built).toBe(false);
    await expect(cache.get(1, 'job-b', xml, pagesOf(3))).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(fs.existsSync(path.join(root, '1', 'job-b'))).toBe(false);
  });

  it('lists the folder once for many builds and reads only the manifests it evicts', async () => {
    // An earlier process left two exports; the first eviction's walk finds them.
    const earlier = await cacheOf().get(1, 'job-a', xml, pagesOf(200));
    await cacheOf().get(1, 'job-b', xml, pagesOf(200));
    const jobs = Array.from({ length: 20 }, (_, i) => `job-${String(i).padStart(2, '0')}`);
    for (const job of jobs) live.add(job);
    // Room for three exports of this size (every job lists the same pages).
    const cache = cacheOf(Math.floor(bytesOf(earlier.dir) * 3.5));
    const listings = vi.spyOn(fsp, 'readdir');
    const reads = vi.spyOn(fsp, 'readFile');
    await cache.get(2, jobs[0] ?? '', xml, pagesOf(200));
    const walked = listings.mock.calls.length;
    expect(walked).toBeGreaterThan(0);
    const manifestReads = () =>
      reads.mock.calls.filter(([file]) => String(file).endsWith('files.json')).length;
    const readsBefore = manifestReads();
    for (const job of jobs.slice(1)) await cache.get(2, job, xml, pagesOf(200));
    // No build after the first lists a folder: sizes and uses come from the index.
    expect(listings.mock.calls.length).toBe(walked);
    // Each later build reads its own (missing) manifest and that of the one export it evicts.
    expect(manifestReads() - readsBefore).toBeLessThanOrEqual(2 * (jobs.length - 1));
    // Still least recently used first: the earlier process's exports went, the last three stay.
    expect(fs.readdirSync(path.join(root, '1', 'job-a'))).toEqual([]);
    const kept = jobs.filter((job) => fs.existsSync(path.join(root, '2', job, 'xml')));
    expect(kept).toEqual(jobs.slice(-3));
  });

  it('keeps an export another process used since it was indexed, evicting the next one', async () => {
    live.add('job-c');
    live.add('job-d');
    const a = await cacheOf().get(1, 'job-a', xml, pagesOf(200));
    const cache = cacheOf(Math.floor(bytesOf(a.dir) * 3.5));
    await cache.sweep(); // indexes job-a as it is on disk now
    await cache.get(1, 'job-b', xml, pagesOf(200));
    await cache.get(1, 'job-c', xml, pagesOf(200));
    // Another process serves job-a (touching its manifest) after this one indexed it.
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(a.dir, 'files.json'), later, later);
    await cache.get(1, 'job-d', xml, pagesOf(200));
    expect(fs.readdirSync(path.join(root, '1', 'job-a'))).toEqual(['xml']);
    expect(fs.readdirSync(path.join(root, '1', 'job-b'))).toEqual([]);
    expect(fs.existsSync(path.join(root, '1', 'job-d', 'xml'))).toBe(true);
  });
});
