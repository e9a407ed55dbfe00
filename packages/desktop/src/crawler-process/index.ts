import {
  type CrawlRunner,
  CrawlTask,
  runClaimed,
  runCrawler,
  SqlCrawlJobRepository,
  SqlJobQueue,
} from '@mapsmith/app';
import { createUrlPolicy, systemClock } from '@mapsmith/core';
import { Database } from '@mapsmith/sqlite';
import type { FromCrawler, ToCrawler } from '../main/crawl/messages';
import { type ParentChannel, parentChannel } from './channel';
import { localRendering } from './local-renderer';

/** The job's error when the data file could not be written for lack of space. */
const DISK_FULL_STOP =
  'The crawl stopped: this computer ran out of disk space. Free some space and start it again.';

/**
 * Runs the job main claimed with the application layer's `CrawlTask`, as a hosted worker does:
 * the core crawler over the job's SQL store in the data file (frontier, pages, link graph and
 * charges written as they come), the outcome kept, then the job completed or failed under the
 * claim. Rendering uses the machine's own Chrome or Chromium when there is one, every browser
 * request through the filtering proxy. A stop asked by main (the app quits) leaves the job to
 * be resumed; the browser is closed before the process reports, and main ends it then.
 */
async function runJob(
  channel: ParentChannel,
  start: ToCrawler,
  signal: AbortSignal,
): Promise<FromCrawler> {
  const db = await Database.open(start.dataFile);
  const policy = createUrlPolicy({ allowLoopback: start.options.allowLoopback });
  const rendering = localRendering(start.options.render, policy);
  // Closed once: when the crawl ends (its notes are read then), or when the run failed first.
  let closing: Promise<void> | undefined;
  const closeBrowser = () => {
    closing ??= rendering.close();
    return closing;
  };
  try {
    const jobs = new SqlCrawlJobRepository(db, systemClock);
    const queue = new SqlJobQueue(db, systemClock);
    const run: CrawlRunner = async (_job, ctx) => {
      const summary = await runCrawler(
        {
          policy,
          ...(rendering.renderer ? { renderer: rendering.renderer } : {}),
          ...(rendering.renderSampleSize === undefined
            ? {}
            : { tuning: { renderSampleSize: rendering.renderSampleSize } }),
        },
        start.options,
        start.userAgent,
        {
          ...ctx,
          onProgress: (progress) => {
            ctx.onProgress?.(progress);
            channel.post({ type: 'progress', progress });
          },
        },
      );
      await closeBrowser();
      const notes = [...(summary.notes ?? []), ...rendering.notes()];
      return notes.length > 0 ? { ...summary, notes } : summary;
    };
    const task = new CrawlTask(jobs, run, DISK_FULL_STOP);
    const { id } = start.claimed.job;
    const ended = async (
      status: 'completed' | 'failed' | 'stopped' | 'paused',
    ): Promise<FromCrawler> => {
      const job = await jobs.get(id, start.claimed.job.userId);
      return { type: 'ended', status, pagesCrawled: job?.pagesCrawled ?? 0 };
    };
    // The one way every shell runs a claimed job; the claim lasts the app's run (no heartbeat).
    const ran = await runClaimed(queue, task, start.claimed, { signal, leaseMs: 0 });
    if (ran.end === 'completed' || ran.end === 'failed' || ran.end === 'paused')
      return ended(ran.end);
    return ended('stopped');
  } finally {
    await closeBrowser();
    await db.close();
  }
}

// One process per crawl: main sends `start` once and ends the process after the `ended`
// message (or a `failed` one), or to stop the crawl.
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
  if (message.type !== 'start' || running) return;
  running = runJob(channel, message, controller.signal).then(
    (ended) => channel.post(ended),
    (err: unknown) =>
      channel.post({ type: 'failed', error: err instanceof Error ? err.message : String(err) }),
  );
});
// Main ending the process mid-crawl (app quit) closes the browser and the file before exiting.
process.once('SIGTERM', () => {
  terminating = true;
  controller.abort(new Error('Stopped'));
  const exit = () => process.exit(143);
  setTimeout(exit, 7_000).unref();
  void (running ?? Promise.resolve()).then(exit, exit);
});
