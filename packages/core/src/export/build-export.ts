/**
 * One export of a crawl's records, built the same way by every shell: the hosted export cache,
 * the desktop's download and save. Node-only (files on disk).
 */

import type { ExportFormat } from '../contract/formats.js';
import type { PageRecord } from '../crawler/types.js';
import { exportFileName, exportPartName } from './file-names.js';
import { exporters } from './registry.js';
import { hasUniformLastmod } from './uniform-lastmod.js';
import { type ExportResult, writeExport } from './write-files.js';

/** Which export: the format, gzip, and the plan's RSS item limit (null: no limit). */
export interface ExportVariant {
  format: ExportFormat;
  gzip: boolean;
  rssLimit: number | null;
}

/**
 * Writes `variant` of the records into `outDir`: split at 50,000 URLs or 50 MB with an index,
 * lastmod left out when every page would carry the same date (a pre-pass over `pages()`).
 * `pages` is called twice, so it must give the same records each time.
 */
export async function buildExport(
  pages: () => AsyncIterable<PageRecord> | Iterable<PageRecord>,
  variant: ExportVariant,
  outDir: string,
): Promise<ExportResult> {
  return writeExport({
    format: variant.format,
    pages: pages(),
    omitLastmod: await hasUniformLastmod(pages()),
    outDir,
    gzip: variant.gzip,
    ...(variant.rssLimit === null ? {} : { rssLimit: variant.rssLimit }),
  });
}

/** The file of a built export a download asks for: the entry file, or part `part` (1-based). */
export function exportDownloadName(
  variant: Pick<ExportVariant, 'format' | 'gzip'>,
  part: number | undefined,
): string {
  return part === undefined
    ? exportFileName(variant.format, variant.gzip)
    : exportPartName(variant.format, part, variant.gzip);
}

/** The media type a download of `format` is sent with. */
export function exportContentType(format: ExportFormat, gzip: boolean): string {
  if (gzip) return 'application/gzip';
  const type = exporters[format].contentType;
  return type.includes('charset') ? type : `${type}; charset=utf-8`;
}
