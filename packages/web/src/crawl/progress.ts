/** Crawl poll interval (spec §9). */
export const CRAWL_POLL_MS = 2000;

/** Delay before the crawl panel scrolls into view (spec §9). */
export const PANEL_SCROLL_DELAY_MS = 100;

/**
 * Width of the progress bar in percent: pages / 100 up to 80 % (spec §9), then it keeps moving
 * towards 99 % without reaching it, so a long crawl never looks stuck at a fixed 90 %. The
 * total is unknown until the crawl ends: the bar shows that work goes on, not a share done.
 */
export function progressPercent(pages: number): number {
  const p = Math.max(pages, 0);
  if (p <= 80) return p;
  return Math.round((80 + 19 * (1 - Math.exp(-(p - 80) / 250))) * 10) / 10;
}

/**
 * The one line under the bar: the time estimate once there is one, else the hint for the
 * size found so far. Never both, so a "less than a minute" never sits over "2-5 minutes".
 */
export function progressNote(elapsedSeconds: number, pages: number): string {
  return estimateText(elapsedSeconds, pages) ?? hintText(pages);
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
