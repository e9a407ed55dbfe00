import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PublishedFile, PublishedManifest, SchedulePublisher } from '@mapsmith/app';

export type { PublishedFile } from '@mapsmith/app';

import { hasUniformLastmod, type PageRecord, writeExport } from '@mapsmith/core';

const MANIFEST = 'manifest.json';

/**
 * The files of a schedule's stable sitemap URL (`/s/{token}/...`), kept on disk as
 * `<root>/<schedule>/<generation>/` with a `manifest.json` naming the current generation. A
 * publication writes a new generation (the sitemap, or the index and its parts, each plain and
 * gzipped) with the stable URL as base of the index, then swaps the manifest in one rename, so
 * a reader sees the old files or the new, never half. A file whose bytes did not change keeps
 * its Last-Modified, so search engines fetch only what changed.
 */
export class SitemapPublisher implements SchedulePublisher {
  /** `root` is `<data>/published`; `maxUrlsPerFile` lowers the split threshold in tests. */
  constructor(
    private readonly root: string,
    private readonly maxUrlsPerFile?: number,
  ) {}

  /** Publishes the listed pages of `jobId` for the schedule, under `baseUrl` (ends in `/`). */
  async publish(
    scheduleId: string,
    jobId: string,
    baseUrl: string,
    pages: () => AsyncIterable<PageRecord>,
    now: Date,
  ): Promise<PublishedManifest> {
    const folder = path.join(this.root, scheduleId);
    const generation = `g-${randomBytes(6).toString('hex')}`;
    const dir = path.join(folder, generation);
    const omitLastmod = await hasUniformLastmod(pages());
    const limits = this.maxUrlsPerFile ? { maxUrlsPerFile: this.maxUrlsPerFile } : {};
    const names: string[] = [];
    try {
      for (const gzip of [false, true]) {
        const result = await writeExport({
          format: 'xml',
          pages: pages(),
          outDir: dir,
          gzip,
          baseUrl,
          omitLastmod,
          ...limits,
        });
        for (const name of result.files) names.push(name);
      }
    } catch (err) {
      await fs.rm(dir, { recursive: true, force: true });
      throw err;
    }
    const before = await this.manifest(scheduleId);
    const files: Record<string, PublishedFile> = {};
    for (const name of names) {
      const bytes = await fs.readFile(path.join(dir, name));
      const etag = `"${createHash('sha1').update(bytes).digest('hex')}"`;
      const old = before?.files[name];
      files[name] = {
        etag,
        lastModified: old?.etag === etag ? old.lastModified : now.toUTCString(),
        bytes: bytes.byteLength,
      };
    }
    const manifest: PublishedManifest = { jobId, baseUrl, dir: generation, files };
    const temp = path.join(folder, `${MANIFEST}.${generation}`);
    await fs.writeFile(temp, JSON.stringify(manifest));
    await fs.rename(temp, path.join(folder, MANIFEST));
    // Older generations go; a download streaming from one keeps its open file.
    for (const entry of await fs.readdir(folder))
      if (entry.startsWith('g-') && entry !== generation)
        await fs.rm(path.join(folder, entry), { recursive: true, force: true });
    return manifest;
  }

  /** The current manifest of a schedule, or null before its first publication. */
  async manifest(scheduleId: string): Promise<PublishedManifest | null> {
    try {
      const text = await fs.readFile(path.join(this.root, scheduleId, MANIFEST), 'utf8');
      return JSON.parse(text) as PublishedManifest;
    } catch {
      return null;
    }
  }

  /** The path of a published file, or null when the schedule has no such file. */
  async file(
    scheduleId: string,
    name: string,
  ): Promise<{ path: string; meta: PublishedFile } | null> {
    const manifest = await this.manifest(scheduleId);
    const meta = manifest && Object.hasOwn(manifest.files, name) ? manifest.files[name] : undefined;
    if (!manifest || !meta) return null;
    return { path: path.join(this.root, scheduleId, manifest.dir, name), meta };
  }

  /** Removes a schedule's files (the schedule was deleted). */
  async forget(scheduleId: string): Promise<void> {
    await fs.rm(path.join(this.root, scheduleId), { recursive: true, force: true });
  }
}
