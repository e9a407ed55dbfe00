import {
  type CrawlEvent,
  type CrawlOptions,
  type CrawlStore,
  createCrawler,
  createHttpFetcher,
  createMemoryStore,
  createUrlPolicy,
} from '@mapsmith/core';
import type { LinkCounts } from '../main/crawl/messages';
import { type ParentChannel, parentChannel } from './channel';
import { localRendering } from './local-renderer';

/**
 * Runs one crawl with the core crawler behind the same SSRF guard as the hosted crawler, rendering
 * app shells with the machine's own Chrome or Chromium when there is one (every browser request
 * through the filtering proxy). The `done` event is sent only after the browser has closed: main
 * ends this process on `done`, and a browser must never outlive its crawl.
 */
async function runCrawl(
  channel: ParentChannel,
  options: CrawlOptions,
  signal: AbortSignal,
  userAgent?: string,
) {
  const policy = createUrlPolicy({ allowLoopback: options.allowLoopback });
  const fetcher = createHttpFetcher({ policy, ...(userAgent ? { userAgent } : {}) });
  const rendering = localRendering(options.render, policy);
  const store = createMemoryStore();
  let done: Extract<CrawlEvent, { type: 'done' }> | undefined;
  try {
    const crawler = createCrawler({
      fetcher,
      policy,
      store,
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
  await postLinks(channel, store);
  const notes = [...(done.summary.notes ?? []), ...rendering.notes()];
  const summary = notes.length > 0 ? { ...done.summary, notes } : done.summary;
  channel.post({ type: 'event', event: { ...done, summary } });
}

const LINK_BATCH = 500;

/**
 * Sends the link graph of every recorded URL: `page` events carry records before the crawl
 * has seen every link to them, and only the store's `pages()` merges inlinks in.
 */
async function postLinks(channel: ParentChannel, store: CrawlStore): Promise<void> {
  let links: LinkCounts[] = [];
  for await (const page of store.pages()) {
    if (page.inlinks === 0) continue;
    links.push({ url: page.url, inlinks: page.inlinks, linkedFrom: page.linkedFrom });
    if (links.length < LINK_BATCH) continue;
    channel.post({ type: 'links', links });
    links = [];
  }
  if (links.length > 0) channel.post({ type: 'links', links });
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
  running = runCrawl(channel, message.options, controller.signal, message.userAgent).catch(
    (err: unknown) =>
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
