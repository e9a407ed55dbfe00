import type { ExportFormat } from '../contract/formats.js';
import type { PageRecord } from '../crawler/types.js';
import { exporters } from './registry.js';
import type { ExportOptions, SkippedEntry } from './types.js';

/**
 * Streams one format as text chunks, one file, without splitting (browser-safe). Only pages
 * whose verdict is `included` are listed. Skipped pages and videos go to `onSkip`.
 */
export function* streamExport(
  format: ExportFormat,
  pages: Iterable<PageRecord>,
  options: ExportOptions = {},
  onSkip: (entry: SkippedEntry) => void = () => {},
): Generator<string> {
  const session = exporters[format].start(options, onSkip);
  yield session.head;
  let batch = '';
  for (const page of pages) {
    if (!page.verdict.included) continue;
    batch += session.entry(page);
    if (batch.length >= 1 << 20) {
      yield batch;
      batch = '';
    }
  }
  yield batch + session.end();
}

/** One format as a single string (browser-safe; for downloads of modest size). */
export function renderExport(
  format: ExportFormat,
  pages: Iterable<PageRecord>,
  options: ExportOptions = {},
  onSkip?: (entry: SkippedEntry) => void,
): string {
  let out = '';
  for (const chunk of streamExport(format, pages, options, onSkip)) out += chunk;
  return out;
}
