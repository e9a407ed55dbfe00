import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  type ExportFormat,
  exportFileName,
  exportPartName,
  type PageRecord,
  writeExport,
} from '@mapsmith/core';

/** One file of an export, ready to stream; `dispose` removes the temporary files. */
export interface ExportDownload {
  fileName: string;
  stream: Readable;
  dispose(): Promise<void>;
}

/**
 * Writes the export with core `writeExport` (split at 50,000 URLs or 50 MB with a sitemap
 * index, gzip when asked) into a temporary folder and opens the file asked for: the entry
 * file, or part `part` of a split export. Resolves null when that part does not exist.
 */
export async function openExport(
  format: ExportFormat,
  pages: AsyncIterable<PageRecord>,
  options: { gzip: boolean; rssLimit: number | null; part: number | undefined },
): Promise<ExportDownload | null> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'mapsmith-export-'));
  const dispose = () => rm(outDir, { recursive: true, force: true });
  try {
    const result = await writeExport({
      format,
      pages,
      outDir,
      gzip: options.gzip,
      ...(options.rssLimit === null ? {} : { rssLimit: options.rssLimit }),
    });
    const fileName =
      options.part === undefined
        ? exportFileName(format, options.gzip)
        : exportPartName(format, options.part, options.gzip);
    if (!result.files.includes(fileName)) {
      await dispose();
      return null;
    }
    const stream = createReadStream(path.join(outDir, fileName));
    return { fileName, stream, dispose };
  } catch (err) {
    await dispose();
    throw err;
  }
}
