// Issue 13 point 3: the stable URL's files are an index and its parts when split (plain and
// gzipped), listed under the stable base URL, and a file whose bytes did not change keeps its
// validators across publications.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { makePage, type PageRecord } from '@mapsmith/core';
import { afterEach, describe, expect, it } from 'vitest';
import { SitemapPublisher } from './publisher.js';

let dir = '';
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const pages = (paths: string[]): (() => AsyncIterable<PageRecord>) =>
  async function* () {
    for (const p of paths) yield makePage(`https://site.example${p}`);
  };

describe('SitemapPublisher', () => {
  it('publishes an index and parts under the stable base, and keeps unchanged files dated', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-publish-'));
    const publisher = new SitemapPublisher(dir, 2);
    const base = 'https://app.example/s/TOKEN/';
    const first = await publisher.publish(
      's1',
      'job1',
      base,
      pages(['/a', '/b', '/c']),
      new Date('2026-05-01T00:00:00Z'),
    );
    expect(Object.keys(first.files).sort()).toEqual([
      'sitemap-1.xml',
      'sitemap-1.xml.gz',
      'sitemap-2.xml',
      'sitemap-2.xml.gz',
      'sitemap.xml',
      'sitemap.xml.gz',
    ]);
    const index = await publisher.file('s1', 'sitemap.xml');
    const text = fs.readFileSync(index?.path ?? '', 'utf8');
    expect(text).toContain('<loc>https://app.example/s/TOKEN/sitemap-1.xml</loc>');
    expect(text).toContain('<loc>https://app.example/s/TOKEN/sitemap-2.xml</loc>');
    const gz = await publisher.file('s1', 'sitemap.xml.gz');
    expect(gunzipSync(fs.readFileSync(gz?.path ?? '')).toString()).toContain(
      'sitemap-2.xml.gz</loc>',
    );

    // /c changes to /d: part 2 changes, part 1 and the index keep their bytes and dates.
    const second = await publisher.publish(
      's1',
      'job2',
      base,
      pages(['/a', '/b', '/d']),
      new Date('2026-05-08T00:00:00Z'),
    );
    expect(second.files['sitemap-1.xml']).toEqual(first.files['sitemap-1.xml']);
    expect(second.files['sitemap.xml']).toEqual(first.files['sitemap.xml']);
    expect(second.files['sitemap-2.xml']?.etag).not.toBe(first.files['sitemap-2.xml']?.etag);
    expect(second.files['sitemap-2.xml']?.lastModified).toBe('Fri, 08 May 2026 00:00:00 GMT');
    // Only the current generation stays on disk.
    expect(fs.readdirSync(path.join(dir, 's1')).filter((f) => f.startsWith('g-'))).toHaveLength(1);
    // Only the files the manifest names are served, not the manifest itself.
    expect(await publisher.file('s1', 'manifest.json')).toBeNull();
  });
});
