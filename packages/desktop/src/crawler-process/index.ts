import {
  type CrawlOptions,
  createCrawler,
  createHttpFetcher,
  createMemoryStore,
  createUrlPolicy,
} from '@mapsmith/core';
import { type ParentChannel, parentChannel } from './channel';

/**
 * Runs one crawl with the core crawler, static fetches only (the desktop ships no headless
 * browser to the crawler process), behind the same SSRF guard as the hosted crawler.
 */
async function runCrawl(channel: ParentChannel, options: CrawlOptions, signal: AbortSignal) {
  const policy = createUrlPolicy({ allowLoopback: options.allowLoopback });
  const fetcher = createHttpFetcher({ policy });
  try {
    const crawler = createCrawler({ fetcher, policy, store: createMemoryStore() });
    for await (const event of crawler.crawl(options, signal))
      channel.post({ type: 'event', event });
  } finally {
    await fetcher.close().catch(() => undefined);
  }
}

// One process per crawl: main sends `start` once, may send `cancel`, and ends the process
// after the `done` event (or a `failed` message).
const channel = parentChannel();
const controller = new AbortController();
let started = false;
channel.onMessage((message) => {
  if (message.type === 'cancel') return controller.abort(new Error('Cancelled'));
  if (message.type !== 'start' || started) return;
  started = true;
  runCrawl(channel, message.options, controller.signal).catch((err: unknown) =>
    channel.post({ type: 'failed', error: err instanceof Error ? err.message : String(err) }),
  );
});
