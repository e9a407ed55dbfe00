import type { ClaimedJob } from '@mapsmith/app';
import type { CrawlOptions, CrawlProgress } from '@mapsmith/core';

/**
 * What main sends the crawler process, once: the job main claimed, to run over the data file
 * with the application layer's `CrawlTask` (as a hosted worker runs it). Main stops a run by
 * ending the process, which then stops its crawl and closes its browser and the file.
 */
export type ToCrawler = {
  type: 'start';
  /** The data file (the process opens it: SQLite's WAL lets both processes use it). */
  dataFile: string;
  claimed: ClaimedJob;
  options: CrawlOptions;
  /** The User-Agent header when the crawl settings add a suffix (else the default). */
  userAgent?: string;
};

/**
 * What the crawler process sends main: the crawler's progress (pushed on to the renderer), that
 * the job was recorded as ended (`completed` or `failed`, or `stopped` when main asked it to
 * stop and the job waits to be resumed, or `paused` when its owner paused it), or why it could
 * not run at all.
 */
export type FromCrawler =
  | { type: 'progress'; progress: CrawlProgress }
  | {
      type: 'ended';
      status: 'completed' | 'failed' | 'stopped' | 'paused';
      /** The job's pages as recorded (2xx HTML, core `countsAsPage`), as `crawl.get` says. */
      pagesCrawled: number;
    }
  | { type: 'failed'; error: string };

/** Whether a message from the crawler process has a shape main understands. */
export function isFromCrawler(message: unknown): message is FromCrawler {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as { type?: unknown; progress?: unknown; status?: unknown; error?: unknown };
  if (m.type === 'failed') return typeof m.error === 'string';
  if (m.type === 'ended')
    return (
      ['completed', 'failed', 'stopped', 'paused'].includes(String(m.status)) &&
      typeof (message as { pagesCrawled?: unknown }).pagesCrawled === 'number'
    );
  return m.type === 'progress' && typeof m.progress === 'object' && m.progress !== null;
}
