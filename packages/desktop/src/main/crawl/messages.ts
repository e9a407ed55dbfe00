import type { CrawlEvent, CrawlOptions } from '@mapsmith/core';

/** What main sends the crawler process. */
export type ToCrawler = { type: 'start'; options: CrawlOptions } | { type: 'cancel' };

/** What the crawler process sends main: crawl events, or why it could not crawl. */
export type FromCrawler = { type: 'event'; event: CrawlEvent } | { type: 'failed'; error: string };

/** Whether a message from the crawler process has a shape main understands. */
export function isFromCrawler(message: unknown): message is FromCrawler {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as { type?: unknown; event?: { type?: unknown }; error?: unknown };
  if (m.type === 'failed') return typeof m.error === 'string';
  return (
    m.type === 'event' &&
    typeof m.event === 'object' &&
    m.event !== null &&
    ['progress', 'page', 'done'].includes(String(m.event.type))
  );
}
