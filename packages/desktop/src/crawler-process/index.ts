import {
  type CrawlEvent,
  type CrawlOptions,
  createCrawler,
  createHttpFetcher,
  createMemoryStore,
  createUrlPolicy,
} from '@mapsmith/core';
import { type ParentChannel, parentChannel } from './channel';
import { localRendering } from './local-renderer';

/**
 * Runs one crawl with the core crawler behind the same SSRF guard as the hosted crawler, rendering
 * app shells with the machine's own Chrome or Chromium when there is one (every browser request
 * through the filtering proxy). The `done` event is sent only after the browser has closed: main
 * ends this process on `done`, and a browser must never outlive its crawl.
 */
async function runCrawl(channel: ParentChannel, options: CrawlOptions, signal: AbortSignal) {
  const policy = createUrlPolicy({ allowLoopback: options.allowLoopback });
  const fetcher = createHttpFetcher({ policy });
  const rendering = localRendering(options.render, policy);
  let done: Extract<CrawlEvent, { type: 'done' }> | undefined;
  try {
    const crawler = createCrawler({
      fetcher,
      policy,
      store: createMemoryStore(),
      ...(rendering.renderer ? { renderer: rendering.renderer } : {}),
      ...(rendering.renderSampleSize === undefined
        ? {}
        : { tuning: { renderSampleSize: rendering.renderSampleSize } }),
    });
    for await (const event of crawler.crawl(options, signal)) {
      if (event.type === 'done') done = event;
      else channel.post({ type: 'event', event });
    }
  } finally {
    await rendering.close();
    await fetcher.close().catch(() => undefined);
  }
  if (!done) throw new Error('the crawl ended without a summary');
  const notes = [...(done.summary.notes ?? []), ...rendering.notes()];
  const summary = notes.length > 0 ? { ...done.summary, notes } : done.summary;
  channel.post({ type: 'event', event: { ...done, summary } });
}

// One process per crawl: main sends `start` once, may send `cancel`, and ends the process
// after the `done` event (or a `failed` message).
const parent = parentChannel();
let terminating = false;
// Once main has ended the process, nothing more is reported: main records why it ended.
const channel: ParentChannel = {
  post: (message) => {
    if (!terminating) parent.post(message);
  },
  onMessage: (listener) => parent.onMessage(listener),
};
const controller = new AbortController();
let running: Promise<void> | null = null;
channel.onMessage((message) => {
  if (message.type === 'cancel') return controller.abort(new Error('Cancelled'));
  if (message.type !== 'start' || running) return;
  running = runCrawl(channel, message.options, controller.signal).catch((err: unknown) =>
    channel.post({ type: 'failed', error: err instanceof Error ? err.message : String(err) }),
  );
});
// Main ending the process mid-crawl (app quit, a failed job) closes the browser before exiting.
process.once('SIGTERM', () => {
  terminating = true;
  controller.abort(new Error('Stopped'));
  const exit = () => process.exit(143);
  setTimeout(exit, 7_000).unref();
  void (running ?? Promise.resolve()).then(exit, exit);
});
