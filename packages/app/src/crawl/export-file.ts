import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  buildExport,
  type ExportFile,
  type ExportVariant,
  exportContentType,
  exportDownloadName,
  type PageRecord,
} from '@mapsmith/core';
import { noSuchPartError, rethrowExportError } from './answers.js';

/**
 * One file of an export in bytes, as a download without a cache gives it (the desktop's
 * `export.generate`): built by the core's `buildExport` into a throwaway folder, streamed from
 * the store so memory stays flat, split at 50,000 URLs or 50 MB with a sitemap index (the index
 * says how many parts it lists; `part` gives each), gzipped when asked.
 */
export async function exportFileBytes(
  pages: () => AsyncIterable<PageRecord> | Iterable<PageRecord>,
  variant: ExportVariant,
  part: number | undefined,
): Promise<ExportFile> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mapsmith-export-'));
  try {
    const built = await buildExport(pages, variant, dir).catch(rethrowExportError);
    const fileName = exportDownloadName(variant, part);
    if (!built.files.includes(fileName)) throw noSuchPartError(part);
    const parts = part === undefined ? built.files.length - 1 : 0;
    return {
      fileName,
      contentType: exportContentType(variant.format, variant.gzip),
      bytes: new Uint8Array(await readFile(path.join(dir, fileName))),
      ...(parts > 0 ? { parts } : {}),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
