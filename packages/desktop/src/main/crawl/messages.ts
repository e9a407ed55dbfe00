import type { CrawlEvent, CrawlOptions } from '@mapsmith/core';

/** What main sends the crawler process. */
export type ToCrawler =
  | {
      type: 'start';
      options: CrawlOptions;
      /** The User-Agent header when the crawl settings add a suffix (else the default). */
      userAgent?: string;
    }
  | { type: 'cancel' };

/** The link graph of one recorded URL, known only once the crawl has ended. */
export interface LinkCounts {
  /** The URL as recorded. */
  url: string;
  /** Distinct pages of the site linking to it. */
  inlinks: number;
  /** The first pages linking to it (at most 5). */
  linkedFrom: string[];
}

/**
 * What the crawler process sends main: crawl events, the link graph of the recorded URLs
 * (the `page` events carry records without it; it is sent in batches before `done`), or why
 * it could not crawl.
 */
export type FromCrawler =
  | { type: 'event'; event: CrawlEvent }
  | { type: 'links'; links: LinkCounts[] }
  | { type: 'failed'; error: string };

/** Whether a message from the crawler process has a shape main understands. */
export function isFromCrawler(message: unknown): message is FromCrawler {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as { type?: unknown; event?: { type?: unknown }; error?: unknown };
  if (m.type === 'failed') return typeof m.error === 'string';
  if (m.type === 'links') return Array.isArray((message as { links?: unknown }).links);
  return (
    m.type === 'event' &&
    typeof m.event === 'object' &&
    m.event !== null &&
    ['progress', 'page', 'done'].includes(String(m.event.type))
  );
}
