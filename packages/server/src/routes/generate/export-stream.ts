import { type ExportFormat, type ExportOptions, exporters, type PageRecord } from '@mapsmith/core';

const FLUSH_CHARS = 1 << 20;

/**
 * One format as text chunks, from an async page source (the job's stored pages), so a large
 * crawl is never held in memory. Mirrors core `streamExport`, which takes a sync iterable.
 */
export async function* streamStoredExport(
  format: ExportFormat,
  pages: AsyncIterable<PageRecord>,
  options: ExportOptions,
): AsyncGenerator<string> {
  const session = exporters[format].start(options, () => {});
  yield session.head;
  let batch = '';
  for await (const page of pages) {
    if (!page.verdict.included) continue;
    batch += session.entry(page);
    if (batch.length >= FLUSH_CHARS) {
      yield batch;
      batch = '';
    }
  }
  yield batch + session.end();
}
