/**
 * The embedded server's crawl thread: every crawl of the server runs here, off the loop that
 * answers HTTP, so a running crawl no longer makes each request wait for its turns (issue 27
 * point 6). It runs the application layer's `CrawlTask` over its own connections to the
 * server's SQLite file, with the same crawl runner and URL policy a worker on the loop would
 * use; the worker pool on the loop still claims, heartbeats and records the outcome
 * (`runClaimed`). A run's rejection is sent back as a {@link CrawlThreadFailure} the loop
 * rebuilds; log lines go to the server's logger.
 */
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import {
  CrawlTask,
  crawlFailureReason,
  isClaimLost,
  isJobPaused,
  SqlCrawlJobRepository,
} from '@mapsmith/app';
import { createUrlPolicy, type Logger, systemClock } from '@mapsmith/core';
import { Database } from '@mapsmith/sqlite';
import { aesGcmBox } from '../../secrets/aes-gcm-box.js';
import { DISK_FULL_CRAWL_STOP } from '../../storage/disk-space.js';
import { createCrawlRunner } from '../crawl-runner.js';
import type {
  CrawlThreadData,
  CrawlThreadFailure,
  CrawlThreadLog,
  FromCrawlThread,
  ToCrawlThread,
} from './messages.js';

const port = parentPort;
if (!port) throw new Error('crawl-thread.ts runs as a worker thread of the server');
const data = workerData as CrawlThreadData;

/**
 * The thread's nice value on Linux: when the loop that answers HTTP and this thread both want
 * a core, the loop gets it first (weight 1024 against 110), and an idle server crawls at full
 * speed. Linux's `setpriority` with pid 0 sets the calling thread only; elsewhere it would set
 * the whole process, so it is left alone there.
 */
const CRAWL_NICE = 10;
if (process.platform === 'linux') os.setPriority(0, CRAWL_NICE);

function post(message: FromCrawlThread): void {
  port?.postMessage(message);
}

/** A log line for the server's logger; fields that cannot be cloned go as their text. */
function log(level: CrawlThreadLog['level']) {
  return (message: string, fields?: Record<string, unknown>) => {
    try {
      post({ type: 'log', level, message, ...(fields ? { fields } : {}) });
    } catch {
      post({ type: 'log', level, message, fields: { detail: String(JSON.stringify(fields)) } });
    }
  };
}

const logger: Logger = {
  info: log('info'),
  warn: log('warn'),
  error: log('error'),
  debug: log('debug'),
};

// As on the server's loop (`serve.ts`): one stray rejection must not end every crawl; it is
// logged for us to fix instead.
process.on('unhandledRejection', (reason) => {
  logger.error('unhandled rejection in the crawl thread', {
    error: reason instanceof Error ? reason.message : String(reason),
  });
});

function failureOf(err: unknown): CrawlThreadFailure {
  if (isClaimLost(err)) return { kind: 'claim-lost' };
  if (isJobPaused(err)) return { kind: 'paused' };
  return { kind: 'failed', reason: crawlFailureReason(err, DISK_FULL_CRAWL_STOP) };
}

const db = await Database.open(data.databaseFile);
// The keys crossed as plain bytes; the box wants Buffers.
const box = aesGcmBox(data.secretKeys.map((k) => ({ id: k.id, key: Buffer.from(k.key) })));
const runner = createCrawlRunner(
  data.crawl,
  createUrlPolicy({ allowLoopback: data.crawl.allowLoopback }),
  logger,
);
const task = new CrawlTask(
  new SqlCrawlJobRepository(db, systemClock, box),
  runner,
  DISK_FULL_CRAWL_STOP,
);
const running = new Map<number, AbortController>();

async function perform(message: Extract<ToCrawlThread, { type: 'perform' }>): Promise<void> {
  const abort = new AbortController();
  running.set(message.run, abort);
  try {
    const summary = await task.perform(message.claimed, abort.signal);
    post({ type: 'done', run: message.run, summary });
  } catch (err) {
    post({ type: 'failed', run: message.run, failure: failureOf(err) });
  } finally {
    running.delete(message.run);
  }
}

async function close(): Promise<void> {
  for (const abort of running.values()) abort.abort('shutdown');
  await runner.close?.();
  await db.close();
  port?.close();
}

port.on('message', (message: ToCrawlThread) => {
  if (message.type === 'perform') void perform(message);
  else if (message.type === 'abort') running.get(message.run)?.abort(message.reason);
  else void close();
});
post({ type: 'ready' });
