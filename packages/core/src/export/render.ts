import type { ExportFormat } from '../contract/formats.js';
import type { PageRecord } from '../crawler/types.js';
import { NothingToListError } from './nothing-to-list.js';
import { exporters } from './registry.js';
import type { ExportOptions, SkippedEntry } from './types.js';
import { withoutLastmod } from './uniform-lastmod.js';

/**
 * Streams one format as text chunks, one file, without splitting (browser-safe). Only pages
 * whose verdict is `included` are listed; `omitLastmod` holds for every format alike. Skipped
 * pages and videos go to `onSkip`. A sitemap
 * format that would list nothing throws `NothingToListError` (an empty urlset is invalid).
 */
export function* streamExport(
  format: ExportFormat,
  pages: Iterable<PageRecord>,
  options: ExportOptions = {},
  onSkip: (entry: SkippedEntry) => void = () => {},
): Generator<string> {
  const exporter = exporters[format];
  const session = exporter.start(options, onSkip);
  let batch = session.head;
  let listed = 0;
  for (const page of pages) {
    if (!page.verdict.included) continue;
    const entry = session.entry(withoutLastmod(page, options.omitLastmod));
    if (entry === '') continue;
    listed++;
    batch += entry;
    if (batch.length >= 1 << 20) {
      yield batch;
      batch = '';
    }
  }
  // Checked before the last chunk, so a caller that joins the chunks never gets an invalid file.
  if (listed === 0 && exporter.family === 'sitemap') throw new NothingToListError(format);
  for (const chunk of session.body?.() ?? []) {
    batch += chunk;
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
