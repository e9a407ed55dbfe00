import { Worker } from 'node:worker_threads';
import {
  type ClaimedLease,
  ClaimLostError,
  CRAWL_MAX_ATTEMPTS,
  CrawlFailedError,
  type CrawlJobRecord,
  CrawlPausedError,
  crawlFailureReason,
} from '@mapsmith/app';
import type { CrawlSummary, Logger } from '@mapsmith/core';
import { DISK_FULL_CRAWL_STOP } from '../../storage/disk-space.js';
import type { BackgroundTask } from '../task.js';
import type {
  CrawlThreadData,
  CrawlThreadFailure,
  FromCrawlThread,
  ToCrawlThread,
} from './messages.js';

/**
 * The thread's young generation, in MB. V8's default for an isolate on a large machine let the
 * thread's heap add 70-85 MB to the server's peak RSS in `bench:bulk` (409-422 MB against
 * 338 with the crawls on the loop); 16 MB keeps it at the old peak (334-336 MB) for the same CPU.
 */
const YOUNG_GENERATION_MB = 16;

/** A crawl run waiting for its answer from the thread. */
interface Pending {
  jobId: string;
  resolve: (summary: CrawlSummary) => void;
  reject: (err: Error) => void;
}

/**
 * The thread's entry: the built file, or its source through tsx when the server runs from
 * source (the tests), as the crawl's parse workers start theirs.
 */
function threadEntry(): { url: URL; execArgv?: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const url = new URL(`./crawl-thread.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  if (!fromSource || process.execArgv.includes('tsx')) return { url };
  return { url, execArgv: ['--import', 'tsx'] };
}

/** The error a run's failure in the thread is on this side: what `runClaimed` tells apart. */
function rebuild(jobId: string, failure: CrawlThreadFailure): Error {
  if (failure.kind === 'claim-lost') return new ClaimLostError(jobId);
  if (failure.kind === 'paused') return new CrawlPausedError(jobId);
  return new CrawlFailedError(failure.reason);
}

/**
 * The crawl task of the embedded server's worker pool: each claimed crawl runs in one worker
 * thread of the server (`crawl-thread.ts`, started with the pool), not on the loop that
 * answers HTTP. The pool keeps everything else (claim, heartbeat, per-user cap, the fenced
 * outcome); aborting a run's signal aborts it in the thread. If the thread dies, its runs fail
 * with the reason and the next crawl starts a new one.
 */
export class ThreadCrawlTask implements BackgroundTask<ClaimedLease<CrawlJobRecord>, CrawlSummary> {
  readonly maxAttempts = CRAWL_MAX_ATTEMPTS;
  /** The thread, and when it has loaded the crawl and opened the file. */
  private thread: { worker: Worker; ready: Promise<void> } | undefined;
  private closing: Promise<void> | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextRun = 0;

  constructor(
    private readonly data: CrawlThreadData,
    private readonly logger: Logger,
  ) {}

  /**
   * Starts the thread and resolves once it has loaded the crawl and opened the file (about half
   * a second of CPU), so the server pays that at its start, not in its first crawl.
   */
  start(): Promise<void> {
    return this.started().ready;
  }

  perform(claimed: ClaimedLease<CrawlJobRecord>, signal: AbortSignal): Promise<CrawlSummary> {
    if (this.closing) return Promise.reject(new Error('the server is stopping'));
    const thread = this.started().worker;
    const run = this.nextRun++;
    return new Promise<CrawlSummary>((resolve, reject) => {
      this.pending.set(run, { jobId: claimed.job.id, resolve, reject });
      if (this.pending.size === 1) thread.ref();
      const abort = () => this.send({ type: 'abort', run, reason: String(signal.reason) });
      if (signal.aborted) abort();
      else signal.addEventListener('abort', abort, { once: true });
      this.send({ type: 'perform', run, claimed });
    });
  }

  onFailed(error: unknown): string {
    return crawlFailureReason(error, DISK_FULL_CRAWL_STOP);
  }

  /**
   * Ends the thread after its runs (aborted by the pool's stop first), its browser and its
   * file. It is never terminated from here: `sqlite3` aborts the whole process when a thread
   * is torn down with a statement in flight (its callback cannot throw into a dead isolate).
   */
  close(): Promise<void> {
    this.closing ??= this.end();
    return this.closing;
  }

  private async end(): Promise<void> {
    const thread = this.thread?.worker;
    if (!thread) return;
    const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
    // Held until it has exited: otherwise a stopping server with nothing else left would end
    // with this wait unsettled (exit code 13) before the thread closed its file.
    thread.ref();
    this.send({ type: 'close' });
    await exited;
  }

  private started(): { worker: Worker; ready: Promise<void> } {
    if (this.thread) return this.thread;
    const { url, execArgv } = threadEntry();
    const worker = new Worker(url, {
      workerData: this.data,
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      ...(execArgv ? { execArgv } : {}),
    });
    worker.unref();
    const ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (message: FromCrawlThread) => {
        if (message.type === 'ready') resolve();
        else this.answer(message);
      });
      worker.on('error', (err) => {
        reject(err);
        this.ended(worker, err.message);
      });
      worker.on('exit', (code) => {
        reject(new Error(`the crawl thread exited with code ${code} before it was ready`));
        this.ended(worker, `it exited with code ${code}`);
      });
    });
    // A thread that fails to start is reported by the runs that wait for it.
    ready.catch(() => undefined);
    this.thread = { worker, ready };
    return this.thread;
  }

  private send(message: ToCrawlThread): void {
    this.thread?.worker.postMessage(message);
  }

  private answer(message: Exclude<FromCrawlThread, { type: 'ready' }>): void {
    if (message.type === 'log') {
      this.logger[message.level](message.message, message.fields);
      return;
    }
    const pending = this.pending.get(message.run);
    if (!pending) return;
    this.pending.delete(message.run);
    if (this.pending.size === 0) this.thread?.worker.unref();
    if (message.type === 'done') pending.resolve(message.summary);
    else pending.reject(rebuild(pending.jobId, message.failure));
  }

  /** The thread is gone: its runs fail with why, and the next crawl starts another. */
  private ended(worker: Worker, why: string): void {
    if (this.thread?.worker !== worker) return;
    this.thread = undefined;
    const runs = [...this.pending.values()];
    this.pending.clear();
    if (runs.length > 0 && !this.closing)
      this.logger.error('the crawl thread ended with crawls running', { error: why });
    for (const run of runs)
      run.reject(
        new CrawlFailedError(`The crawl stopped: the server's crawl thread ended (${why}).`),
      );
  }
}
