import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { canGzip, type ExportFormat } from '../contract/formats.js';
import type { PageRecord } from '../crawler/types.js';
import { diskSorters } from './disk-sorter.js';
import { exportFileName, exportPartName } from './file-names.js';
import { NothingToListError } from './nothing-to-list.js';
import { BATCH_CHARS, OutputFile } from './output-file.js';
import { exporters } from './registry.js';
import { sitemapIndex } from './sitemap-index.js';
import type { SorterFactory } from './sorter.js';
import type { ExportOptions, SkippedEntry } from './types.js';
import { withoutLastmod } from './uniform-lastmod.js';

/** Sitemap limits per file (sitemaps.org): 50,000 URLs and 50 MiB uncompressed. */
export const SITEMAP_MAX_URLS = 50_000;
/** 52,428,800 bytes: the per-file size limit, uncompressed. */
export const SITEMAP_MAX_BYTES = 52_428_800;

/** What {@link writeExport} needs. */
export interface WriteExportOptions extends ExportOptions {
  /** The format to write. */
  format: ExportFormat;
  /** The crawl result, in crawl order; only `verdict.included` pages are listed. */
  pages: Iterable<PageRecord> | AsyncIterable<PageRecord>;
  /** Folder for the files (created if missing). */
  outDir: string;
  /** gzip the files (xml, xml-images, images, videos only; ignored for the others). */
  gzip?: boolean;
  /**
   * Public URL of `outDir`, for the sitemap index's loc entries (`https://example.com/`).
   * Default: the origin of the first listed page, so files are expected at the site root.
   */
  baseUrl?: string;
  /** Split threshold in URLs (default 50,000; tests lower it). */
  maxUrlsPerFile?: number;
  /** Split threshold in uncompressed bytes (default 52,428,800). */
  maxBytesPerFile?: number;
}

/** What an export wrote. */
export interface ExportResult {
  /** The format written. */
  format: ExportFormat;
  /** The entry file name (the sitemap index when split), relative to `outDir`. */
  entryFile: string;
  /** Every file written, entry file first. */
  files: string[];
  /** Whether the export was split into parts with an index. */
  split: boolean;
  /** URLs listed. */
  urls: number;
  /** Pages and videos left out, with the reason. */
  skipped: SkippedEntry[];
  /** Set (with no file written) when a sitemap format had nothing to list; says why. */
  nothingToList?: string;
}

async function* asAsync<T>(items: Iterable<T> | AsyncIterable<T>): AsyncGenerator<T> {
  yield* items;
}

/**
 * Writes one format to `outDir`, streaming: sitemap formats are split at 50,000 URLs or
 * 52,428,800 bytes with a sitemap index, optionally gzipped; memory stays constant (the formats
 * that sort, html and rss, sort on disk). Node-only.
 * A sitemap format with nothing to list writes no file and throws `NothingToListError`.
 */
export async function writeExport(options: WriteExportOptions): Promise<ExportResult> {
  const sorting = diskSorters();
  try {
    return await writeSorted(options, sorting.sorter);
  } finally {
    sorting.dispose();
  }
}

async function writeSorted(
  options: WriteExportOptions,
  sorter: SorterFactory,
): Promise<ExportResult> {
  const { format, outDir } = options;
  const exporter = exporters[format];
  const gzip = Boolean(options.gzip) && canGzip(format);
  const skipped: SkippedEntry[] = [];
  const skip = (entry: SkippedEntry) => {
    if (skipped.length < 10_000) skipped.push(entry);
  };
  await mkdir(outDir, { recursive: true });
  const splittable = exporter.family === 'sitemap';
  const maxUrls = splittable ? (options.maxUrlsPerFile ?? SITEMAP_MAX_URLS) : Infinity;
  const maxBytes = splittable ? (options.maxBytesPerFile ?? SITEMAP_MAX_BYTES) : Infinity;

  const parts: string[] = [];
  let file: OutputFile | null = null;
  let session = exporter.start(options, skip, sorter);
  const footBytes = Buffer.byteLength(exporter.start(options, () => {}).end());
  let batch = '';
  let count = 0;
  let bytes = 0;
  let total = 0;
  let firstUrl: string | null = null;

  const open = (): OutputFile => {
    const name = splittable
      ? exportPartName(format, parts.length + 1, gzip)
      : exportFileName(format, gzip);
    parts.push(name);
    session = exporter.start(options, skip, sorter);
    batch = session.head;
    bytes = Buffer.byteLength(batch);
    count = 0;
    return new OutputFile(path.join(outDir, name), gzip);
  };
  const close = async (current: OutputFile) => {
    for (const chunk of session.body?.() ?? []) {
      batch += chunk;
      if (batch.length >= BATCH_CHARS) {
        await current.write(batch);
        batch = '';
      }
    }
    await current.write(batch + session.end());
    batch = '';
    await current.close();
  };

  file = open();
  const iterate = Symbol.iterator in options.pages ? options.pages : asAsync(options.pages);
  try {
    for await (const page of iterate as Iterable<PageRecord>) {
      if (!page.verdict.included) continue;
      // One lastmod rule for every format: JSON and RSS drop a deploy date as XML does.
      const entry = session.entry(withoutLastmod(page, options.omitLastmod));
      if (entry === '') continue;
      firstUrl ??= page.finalUrl || page.url;
      const entryBytes = Buffer.byteLength(entry);
      if (count > 0 && (count >= maxUrls || bytes + entryBytes + footBytes > maxBytes)) {
        await close(file);
        file = open();
      }
      batch += entry;
      bytes += entryBytes;
      count++;
      total++;
      if (batch.length >= BATCH_CHARS) {
        await file.write(batch);
        batch = '';
      }
    }
  } catch (err) {
    file.abort();
    throw err;
  }
  await close(file);
  if (total === 0 && splittable) {
    // An empty urlset fails the sitemaps.org schema: write no file and say why instead.
    await rm(path.join(outDir, parts[0] as string), { force: true });
    throw new NothingToListError(format);
  }

  const entryFile = exportFileName(format, gzip);
  if (parts.length === 1) {
    // Formats that write their body at the end know best what the file holds.
    total = session.listed?.() ?? total;
    if (parts[0] !== entryFile)
      await rename(path.join(outDir, parts[0] as string), path.join(outDir, entryFile));
    return { format, entryFile, files: [entryFile], split: false, urls: total, skipped };
  }
  const base = new URL(
    options.baseUrl ?? (firstUrl ? new URL('/', firstUrl).href : 'http://localhost/'),
  );
  const index = new OutputFile(path.join(outDir, entryFile), gzip);
  await index.write(sitemapIndex(parts.map((name) => new URL(name, base).href)));
  await index.close();
  return { format, entryFile, files: [entryFile, ...parts], split: true, urls: total, skipped };
}
