import { createReadStream, type ReadStream } from 'node:fs';
import path from 'node:path';
import {
  type CrawlAnswers,
  type ExportRequest,
  noSuchPartError,
  rethrowExportError,
} from '@mapsmith/app';
import { type ExportVariant, exportDownloadName, type PageRecord, type Plan } from '@mapsmith/core';
import type { ExportCache } from '../../exports/export-cache.js';

/** One file of an export, ready to stream, and whether this request had to build it. */
export interface ExportDownload {
  fileName: string;
  stream: ReadStream;
  built: boolean;
  /** When this file is the index of a split sitemap: how many parts it lists. */
  parts?: number;
}

/** Opens a file for reading; resolves once it is open, null when it is gone. */
function openFile(file: string): Promise<ReadStream | null> {
  return new Promise((resolve, reject) => {
    const stream = createReadStream(file);
    stream.once('open', () => resolve(stream));
    stream.once('error', (err: NodeJS.ErrnoException) =>
      err.code === 'ENOENT' ? resolve(null) : reject(err),
    );
  });
}

/**
 * Opens one file of a job's export: the entry file, or part `part` of a split export (split
 * at 50,000 URLs or 50 MB with a sitemap index, gzip when asked). The export comes from the
 * cache, built from `pages()` on first use. Resolves null when that part does not exist.
 */
export async function openExport(
  cache: ExportCache,
  job: { userId: number; jobId: string },
  variant: ExportVariant,
  pages: () => AsyncIterable<PageRecord>,
  part: number | undefined,
): Promise<ExportDownload | null> {
  const fileName = exportDownloadName(variant, part);
  // Twice at most: the cache may evict an export between finding and opening it.
  for (let attempt = 0; attempt < 2; attempt++) {
    const built = await cache.get(job.userId, job.jobId, variant, pages);
    if (!built.files.includes(fileName)) return null;
    const stream = await openFile(path.join(built.dir, fileName));
    if (!stream) continue;
    const parts = part === undefined ? built.files.length - 1 : 0;
    return { fileName, stream, built: built.built, ...(parts > 0 ? { parts } : {}) };
  }
  throw new Error(`the export file ${fileName} vanished twice while opening it`);
}

/**
 * `export.generate`'s file: the user's completed crawl in the format asked for, from the cache
 * (`openExport`). A format with nothing to list is refused `export.nothing-to-list` (an empty
 * urlset would fail the sitemaps.org schema), a part the export lacks `export.no-part`.
 */
export async function openGeneratedExport(
  cache: ExportCache,
  answers: CrawlAnswers,
  request: { userId: number; plan: Plan } & ExportRequest & { part: number | undefined },
): Promise<ExportDownload> {
  const { userId, plan, part } = request;
  const { job, variant } = await answers.exportOf(request, userId, plan);
  const download = await openExport(
    cache,
    { userId, jobId: job.id },
    variant,
    () => answers.pages(job.id),
    part,
  ).catch(rethrowExportError);
  if (!download) throw noSuchPartError(part);
  return download;
}
