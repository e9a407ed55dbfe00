/**
 * The progress line `mapsmith crawl` redraws in place on a terminal: pages crawled, URLs listed
 * so far, the queue, the rate and the elapsed time, then the URL being fetched as far as fits
 * (or, while fetches run longer than a second, that the crawl waits for slow pages).
 */
import type { CrawledPage, CrawlProgress } from '@mapsmith/core';
import { plural } from '@mapsmith/core/counts';
import { slowPagesNote } from '@mapsmith/core/crawl';

/** What the line shows. */
export interface ProgressState {
  /** Pages recorded. */
  pagesCrawled: number;
  /** Recorded pages whose verdict lists them in the sitemap. */
  listed: number;
  /** URLs waiting in the frontier. */
  queued: number;
  /** Time since the crawl started. */
  elapsedMs: number;
  /** The URL most recently started that is still in flight. */
  currentUrl: string | null;
  /** "Waiting for 2 slow pages: ..." while fetches run long; null otherwise. */
  slowNote?: string | null;
}

function clock(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Renders the state as one line of at most `columns - 1` characters (no wrap, no scroll). */
export function progressLine(state: ProgressState, columns: number): string {
  const rate = state.elapsedMs > 0 ? (state.pagesCrawled * 1000) / state.elapsedMs : 0;
  const text = `${plural(state.pagesCrawled, 'page')}, ${state.listed} listed, ${state.queued} queued, ${rate.toFixed(1)} pages/s, ${clock(state.elapsedMs)}  ${state.slowNote ?? state.currentUrl ?? ''}`;
  const width = Math.max(20, columns - 1);
  return text.length > width ? text.slice(0, width) : text;
}

/** Redraws the progress line on a terminal stream, at most ten times a second. */
export class ProgressDisplay {
  private readonly state: ProgressState = {
    pagesCrawled: 0,
    listed: 0,
    queued: 0,
    elapsedMs: 0,
    currentUrl: null,
  };
  private drawnAt = 0;
  private drawn = false;

  constructor(private readonly stream: NodeJS.WriteStream) {}

  /** Counts a recorded page (the listed count comes from page verdicts). */
  page(page: CrawledPage): void {
    if (page.verdict.included) this.state.listed++;
  }

  /** Takes a progress event and redraws when the last draw is old enough. */
  progress(event: CrawlProgress): void {
    Object.assign(this.state, {
      pagesCrawled: event.pagesCrawled,
      queued: event.queued,
      elapsedMs: event.elapsedMs,
      currentUrl: event.currentUrl,
      slowNote: slowPagesNote(event),
    });
    const now = Date.now();
    if (now - this.drawnAt < 100) return;
    this.drawnAt = now;
    this.drawn = true;
    // \r back to column 0, \x1b[K erases the rest of the old line: redrawn in place.
    this.stream.write(`\r${progressLine(this.state, this.stream.columns || 80)}\x1b[K`);
  }

  /** Erases the line, so the summary starts on a clean one. */
  clear(): void {
    if (this.drawn) this.stream.write('\r\x1b[K');
  }
}
