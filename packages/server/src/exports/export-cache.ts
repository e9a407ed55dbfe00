import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { buildExport, type ExportVariant, type PageRecord } from '@mapsmith/core';
import { ExportIndex, type IndexedExport } from './export-index.js';

/** A built export on disk: its folder and the files `writeExport` wrote there. */
export interface BuiltExport {
  dir: string;
  files: string[];
  /** True when this request built it; false when it was already there (or being built). */
  built: boolean;
}

/** What the cache needs from outside: where it lives, how big it may grow, which jobs exist. */
export interface ExportCacheOptions {
  /** `<data>/exports`. */
  root: string;
  /** Total size the cache keeps; the least recently used exports go first. */
  maxBytes: number;
  /** The ids among `ids` whose crawl jobs still exist (deleted jobs lose their exports). */
  liveJobs(ids: string[]): Promise<Set<string>>;
  /** False while the disk is under its floor: no new export is built (built ones still serve). */
  hasRoom?: () => Promise<boolean>;
}

/** Refusal of a new build while the disk is low; answered as 503 `storage.full`. */
export class ExportDiskLowError extends Error {
  /** ENOSPC, so the error handler answers it as every other full-disk failure. */
  readonly code = 'ENOSPC';
  constructor() {
    super('no new export is built while the disk is low');
    this.name = 'ExportDiskLowError';
  }
}

/** The prefix of a build's staging folder, beside the variant folders of its job. */
const STAGING_PREFIX = '.build-';

const MANIFEST = 'files.json';

/** What `files.json` records of a finished export. */
interface Manifest {
  /** The files `writeExport` wrote, entry file first. */
  files: string[];
  /** Their total size. */
  bytes: number;
}

/** The folder name of a variant: `xml`, `xml.gz`, `rss.100` (the item limit matters to RSS only). */
function variantKey(v: ExportVariant): string {
  const limit = v.format === 'rss' && v.rssLimit !== null ? `.${v.rssLimit}` : '';
  return `${v.format}${v.gzip ? '.gz' : ''}${limit}`;
}

/** The folder that holds a user's exports. */
function userExportDir(root: string, userId: number): string {
  return path.join(root, String(userId));
}

/** Subfolder names of `dir` (none when it does not exist). */
async function subdirs(dir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(dir, { withFileTypes: true });
    return entries.filter((e) => e.isDirectory()).map((e) => e.name);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/**
 * Built exports of completed crawls, kept on disk as `<root>/<user>/<job>/<variant>/`. A
 * completed crawl never changes, so an export is written once and every later download (each
 * part of a split export too) streams the same files instead of rebuilding from the database.
 * Builds of one variant are single-flight; a build is written beside its final folder and
 * renamed into place, so a reader never sees half an export. Exports of deleted jobs go at the
 * next sweep; after each build the least recently used go when the total passes `maxBytes`.
 * Sizes and last uses are kept in an index read from disk once (first use, each sweep), so
 * a build costs the exports it evicts, not a walk of all of them.
 */
export class ExportCache {
  private readonly building = new Map<string, Promise<BuiltExport>>();
  /** Staging folders of builds running now; the sweep removes every other one. */
  private readonly staging = new Set<string>();
  private readonly index = new ExportIndex();

  constructor(private readonly options: ExportCacheOptions) {}

  /** The export of a job, built from `pages()` when it is not on disk yet. */
  async get(
    userId: number,
    jobId: string,
    variant: ExportVariant,
    pages: () => AsyncIterable<PageRecord>,
  ): Promise<BuiltExport> {
    const dir = path.join(userExportDir(this.options.root, userId), jobId, variantKey(variant));
    const ready = await this.readManifest(dir);
    if (ready) return { dir, files: ready.files, built: false };
    const pending = this.building.get(dir);
    if (pending) return { ...(await pending), built: false };
    // Registered before any await, so parallel downloads of one variant share one build.
    const build = this.roomForBuild()
      .then(() => this.build(dir, variant, pages))
      .finally(() => this.building.delete(dir));
    this.building.set(dir, build);
    return build;
  }

  /** Rejects with ExportDiskLowError while the disk is under its floor. */
  private async roomForBuild(): Promise<void> {
    if (this.options.hasRoom && !(await this.options.hasRoom())) throw new ExportDiskLowError();
  }

  /**
   * Removes every export of one job (the user deleted the crawl). A build of it still running
   * writes its folder after this; the next sweep removes it, as the job no longer exists.
   */
  async forgetJob(userId: number, jobId: string): Promise<void> {
    const dir = path.join(userExportDir(this.options.root, userId), jobId);
    await fs.rm(dir, { recursive: true, force: true });
    this.index.removeUnder(dir);
  }

  /** Removes every export of a user (their account is being deleted). */
  async forgetUser(userId: number): Promise<void> {
    const dir = userExportDir(this.options.root, userId);
    await fs.rm(dir, { recursive: true, force: true });
    this.index.removeUnder(dir);
  }

  /**
   * Removes the exports of jobs that no longer exist (after retention, at start) and the
   * staging folders of builds that died with an earlier process, reads the index afresh from
   * what is left (exports other processes wrote or removed count from here), then evicts as
   * a build does.
   */
  async sweep(): Promise<void> {
    await this.index.rebuild(() => this.walk(true));
    await this.evict();
  }

  /**
   * Every finished export on disk with its size and last use. With `clean`, the exports of
   * deleted jobs and orphaned staging folders are removed on the way.
   */
  private async walk(clean = false): Promise<IndexedExport[]> {
    const found: IndexedExport[] = [];
    for (const user of await subdirs(this.options.root)) {
      const userDir = path.join(this.options.root, user);
      const jobs = await subdirs(userDir);
      if (jobs.length === 0) continue;
      const live = clean ? await this.options.liveJobs(jobs) : null;
      for (const job of jobs) {
        const jobDir = path.join(userDir, job);
        if (live && !live.has(job)) {
          await fs.rm(jobDir, { recursive: true, force: true });
          this.index.removeUnder(jobDir);
          continue;
        }
        for (const name of await subdirs(jobDir)) {
          const dir = path.join(jobDir, name);
          if (name.startsWith(STAGING_PREFIX)) {
            if (clean && !this.staging.has(dir)) await fs.rm(dir, { recursive: true, force: true });
            continue;
          }
          if (name.startsWith('.')) continue;
          const manifest = await this.statManifest(dir);
          if (manifest) found.push({ dir, ...manifest });
        }
      }
    }
    return found;
  }

  /**
   * Removes the least recently used exports until the total fits `maxBytes`. Exports being
   * built, and `keep` (the one just built for a waiting download), count but are never
   * evicted. Each export is looked at again before it goes: one another process used since
   * the index read it moves to the recent end (and is reached again there), one already gone
   * is forgotten. The cost is the exports looked at, not the size of the cache.
   */
  private async evict(keep?: string): Promise<void> {
    await this.index.ready(() => this.walk());
    const moved = new Set<string>();
    for (const entry of this.index.oldestFirst()) {
      if (this.index.total <= this.options.maxBytes) break;
      if (this.building.has(entry.dir) || entry.dir === keep) continue;
      const onDisk = await this.statManifest(entry.dir);
      if (!onDisk) {
        this.index.remove(entry.dir);
      } else if (onDisk.usedAt > entry.usedAt + 1) {
        // Moved once per pass at most, so a folder touched all the time cannot hold the loop.
        if (moved.has(entry.dir)) continue;
        moved.add(entry.dir);
        this.index.use({ dir: entry.dir, ...onDisk });
      } else {
        await fs.rm(entry.dir, { recursive: true, force: true });
        this.index.remove(entry.dir);
      }
    }
  }

  /** When an export was last used (its manifest's mtime) and its size, or null. */
  private async statManifest(dir: string): Promise<{ usedAt: number; bytes: number } | null> {
    const file = path.join(dir, MANIFEST);
    try {
      const [stat, text] = await Promise.all([fs.stat(file), fs.readFile(file, 'utf8')]);
      return { usedAt: stat.mtimeMs, bytes: (JSON.parse(text) as Manifest).bytes };
    } catch {
      return null;
    }
  }

  /** The manifest of a finished export (touched on disk and in the index: recently used), or null. */
  private async readManifest(dir: string): Promise<Manifest | null> {
    const file = path.join(dir, MANIFEST);
    try {
      const manifest = JSON.parse(await fs.readFile(file, 'utf8')) as Manifest;
      const now = new Date();
      await fs.utimes(file, now, now).catch(() => undefined);
      this.index.use({ dir, bytes: manifest.bytes, usedAt: now.getTime() });
      return manifest;
    } catch {
      return null;
    }
  }

  private async build(
    dir: string,
    variant: ExportVariant,
    pages: () => AsyncIterable<PageRecord>,
  ): Promise<BuiltExport> {
    const staging = path.join(
      path.dirname(dir),
      `${STAGING_PREFIX}${randomBytes(6).toString('hex')}`,
    );
    this.staging.add(staging);
    try {
      const result = await buildExport(pages, variant, staging);
      const sizes = await Promise.all(
        result.files.map(async (name) => (await fs.stat(path.join(staging, name))).size),
      );
      const manifest: Manifest = { files: result.files, bytes: sizes.reduce((a, b) => a + b, 0) };
      await fs.writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest));
      await fs.rm(dir, { recursive: true, force: true });
      await fs.rename(staging, dir);
      this.index.use({ dir, bytes: manifest.bytes, usedAt: Date.now() });
      // Only the size bound here: deleted jobs' exports go when retention runs and at start.
      await this.evict(dir);
      return { dir, files: result.files, built: true };
    } finally {
      // A full disk fails the build here; its partial files go so they free what they took.
      await fs.rm(staging, { recursive: true, force: true });
      this.staging.delete(staging);
    }
  }
}
