/** Crawl poll interval (spec §9). */
export const CRAWL_POLL_MS = 2000;

/** Delay before the crawl panel scrolls into view (spec §9). */
export const PANEL_SCROLL_DELAY_MS = 100;

/** Width of the progress bar in percent: pages / 100, capped at 90 % (spec §9). */
export function progressPercent(pages: number): number {
  return Math.min(Math.max(pages, 0), 90);
}

/**
 * The time estimate (spec §9): only after 60 s and 10 pages; the target is the larger of
 * 1.5 x pages found and 100, and the remaining time at the current rate falls in a bucket.
 */
export function estimateText(elapsedSeconds: number, pages: number): string | null {
  if (elapsedSeconds < 60 || pages < 10) return null;
  const target = Math.max(pages * 1.5, 100);
  const remaining = ((target - pages) * elapsedSeconds) / pages;
  if (remaining < 60) return 'Less than 1 minute remaining';
  if (remaining < 120) return 'About 1-2 minutes remaining';
  if (remaining < 300) return 'About 2-5 minutes remaining';
  return 'More than 5 minutes remaining';
}

/** The hint by pages found (spec §9). */
export function hintText(pages: number): string {
  if (pages < 25) return 'Small sites usually finish in 15-30 seconds.';
  if (pages < 50) return 'Medium sites usually take 30-60 seconds.';
  if (pages < 100) return 'Larger sites usually take 1-2 minutes.';
  return 'Big sites can take 2-5 minutes. You can keep this tab open while we work.';
}

/** Elapsed time as m:ss. */
export function formatElapsed(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
