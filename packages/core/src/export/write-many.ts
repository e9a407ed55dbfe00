import type { ExportFormat } from '../contract/formats.js';
import type { PageRecord } from '../crawler/types.js';
import { type ExportResult, type WriteExportOptions, writeExport } from './write-files.js';

/**
 * Writes several formats to one folder, one pass over the pages per format (so a crawl file
 * is streamed again for each format and memory stays flat). `pages` makes a fresh iterable.
 */
export async function writeExports(
  formats: readonly ExportFormat[],
  pages: () => Iterable<PageRecord> | AsyncIterable<PageRecord>,
  options: Omit<WriteExportOptions, 'format' | 'pages'>,
): Promise<ExportResult[]> {
  const results: ExportResult[] = [];
  for (const format of formats)
    results.push(await writeExport({ ...options, format, pages: pages() }));
  return results;
}
