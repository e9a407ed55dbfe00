/** The one-line progress bar `mapsmith crawl` redraws on stderr. */
import type { CrawlProgress } from '@mapsmith/core';

/** Renders a progress event as one line of at most `columns` characters. */
export function progressLine(p: CrawlProgress, maxPages: number, columns: number): string {
  const total = Math.max(1, Math.min(maxPages, p.pagesCrawled + p.queued));
  const width = 20;
  const filled = Math.min(width, Math.round((p.pagesCrawled / total) * width));
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
  const text = `${bar} ${p.pagesCrawled} crawled, ${p.queued} queued, ${p.errors} errors, ${(p.elapsedMs / 1000).toFixed(0)} s ${p.currentUrl ?? ''}`;
  return text.length > columns - 1 ? text.slice(0, columns - 1) : text.padEnd(columns - 1);
}
