import type { ExportFormat } from '../contract/formats.js';
import type { PageRecord } from '../crawler/types.js';
import { NothingToListError } from './nothing-to-list.js';
import { hasUniformLastmod } from './uniform-lastmod.js';
import { type ExportResult, type WriteExportOptions, writeExport } from './write-files.js';

/**
 * Writes several formats to one folder, one pass over the pages per format (so a crawl file
 * is streamed again for each format and memory stays flat). `pages` makes a fresh iterable.
 * A sitemap format with nothing to list gets a result with `nothingToList` and no file. Unless
 * the caller decides, lastmod is left out when every page has the same one (hasUniformLastmod).
 */
export async function writeExports(
  formats: readonly ExportFormat[],
  pages: () => Iterable<PageRecord> | AsyncIterable<PageRecord>,
  options: Omit<WriteExportOptions, 'format' | 'pages'>,
): Promise<ExportResult[]> {
  const results: ExportResult[] = [];
  const omitLastmod = options.omitLastmod ?? (await hasUniformLastmod(pages()));
  for (const format of formats) {
    try {
      results.push(await writeExport({ ...options, omitLastmod, format, pages: pages() }));
    } catch (err) {
      // One format with nothing to list must not stop the others: report it instead.
      if (!(err instanceof NothingToListError)) throw err;
      const nothing = { entryFile: '', files: [], split: false, urls: 0, skipped: [] };
      results.push({ format, ...nothing, nothingToList: err.message });
    }
  }
  return results;
}
