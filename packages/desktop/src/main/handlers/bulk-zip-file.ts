import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type BulkLists,
  type BulkRecord,
  bulkZipEntries,
  type OpenExportFile,
  zipStream,
} from '@mapsmith/app';
import { buildExport, exportDownloadName, type Plan } from '@mapsmith/core';

/**
 * Writes a bulk's zip through `write` (one file on disk, or bytes in memory): the same
 * entries the hosted download has (app's `bulkZipEntries`), each site's export built once in a
 * throwaway folder by core's `buildExport` as `export.save` does, removed when the zip is done.
 * A format with nothing to list rejects with core's `NothingToListError`, which leaves it out.
 */
export async function writeBulkZip(
  lists: BulkLists,
  bulk: BulkRecord,
  plan: Plan,
  write: (zip: AsyncIterable<Uint8Array>) => Promise<void>,
): Promise<void> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'mapsmith-bulk-'));
  const built = new Map<string, Promise<{ dir: string; files: string[] }>>();
  const open: OpenExportFile = async (job, variant, part) => {
    const key = `${job.jobId}-${variant.format}-${variant.gzip}`;
    let build = built.get(key);
    if (!build) {
      const dir = path.join(tmp, String(built.size));
      const pages = () => lists.crawlAnswers.pages(job.jobId);
      build = buildExport(pages, variant, dir).then((r) => ({ dir, files: r.files }));
      built.set(key, build);
    }
    const { dir, files } = await build;
    const fileName = exportDownloadName(variant, part);
    if (!files.includes(fileName)) return null;
    const parts = part === undefined ? files.length - 1 : 0;
    const stream = createReadStream(path.join(dir, fileName));
    return { fileName, stream, ...(parts > 0 ? { parts } : {}) };
  };
  try {
    await write(zipStream(bulkZipEntries({ lists, open, plan }, bulk)));
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
