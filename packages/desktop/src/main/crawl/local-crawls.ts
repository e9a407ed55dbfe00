import { randomUUID } from 'node:crypto';
import type { ClaimedJob, CrawlJobRecord, JobQueue } from '@mapsmith/app';
import {
  type CrawlOptions,
  type CrawlProgress,
  DEFAULT_CRAWL_OPTIONS,
  type Logger,
} from '@mapsmith/core';
import { type FromCrawler, isFromCrawler, type ToCrawler } from './messages';

/** A running crawler process as main sees it (an Electron `utilityProcess`, or a Node fork in tests). */
export interface CrawlerProcess {
  /** Sends a message to the process. */
  postMessage(message: ToCrawler): void;
  /** Calls `listener` with every message the process sends. */
  onMessage(listener: (message: unknown) => void): void;
  /** Calls `listener` once when the process has exited. */
  onExit(listener: (code: number | null) => void): void;
  /** Ends the process. */
  kill(): void;
}

/** Starts one crawler process. */
export type LaunchCrawler = () => CrawlerProcess;

/** The `crawl.progress` event as the renderer receives it: the core's progress plus the job. */
export type CrawlProgressEvent = Omit<CrawlProgress, 'type'> & {
  jobId: string;
  status: 'crawling' | 'paused' | 'completed' | 'failed';
};

/** Emits an event to the renderer. */
export type EmitProgress = (event: CrawlProgressEvent) => void;

/** What the local crawls are run with. */
export interface LocalCrawlsOptions {
  /** The application layer's crawl queue over the data file. */
  queue: JobQueue;
  /** The data file the crawler processes open. */
  dataFile: string;
  launch: LaunchCrawler;
  /** The crawl options and User-Agent of a job (core `jobCrawlPlan` over this shell's defaults). */
  plan(job: CrawlJobRecord): { options: CrawlOptions; userAgent?: string | undefined };
  emit: EmitProgress;
  logger: Logger;
  /** Crawls that run at once; more wait as pending, in the order they were started. */
  maxRunning: number;
}

/**
 * A claim lasts as long as this app runs: nothing else claims in this data file (one app at a
 * time), and at the next start the leases of the app that ran before are expired at once.
 */
const LEASE_MS = 365 * 24 * 3_600_000;

/** Runs interrupted more often than this fail with the reason (a crawl that keeps crashing). */
const MAX_ATTEMPTS = 3;

interface Run {
  child: CrawlerProcess;
  claimed: ClaimedJob;
  done: Promise<void>;
}

/**
 * The desktop's worker: it claims pending jobs from the application layer's queue, as a hosted
 * worker does, and runs each in its own crawler process (never in main), which stores pages
 * as they come and records how the job ended. Main pushes each crawl's progress to the
 * renderer and fails a job whose process died without recording its end. Quitting stops the
 * processes and puts their jobs back to wait; they resume from their stored frontier at the
 * next start.
 */
export class LocalCrawls {
  private readonly running = new Map<string, Run>();
  /** This app's name on its claims. */
  private readonly owner = `desktop:${process.pid}:${randomUUID()}`;
  private claiming: Promise<void> = Promise.resolve();
  private stopping = false;

  /** Creates the runner; nothing runs until `resume` or `wake`. */
  constructor(private readonly options: LocalCrawlsOptions) {}

  /**
   * At start: the jobs a previous run of the app left crawling (it crashed or was killed) go
   * back to the queue, and every waiting job starts.
   */
  async resume(): Promise<void> {
    await this.options.queue.expireLeasesOf((owner) => owner !== this.owner);
    this.wake();
  }

  /**
   * Starts waiting jobs while fewer than `maxRunning` run (after a start, or a crawl's end).
   * @throws nothing: a failure is logged, and a crawl's own ends on its job.
   */
  wake(): void {
    this.claiming = this.claiming
      .then(() => this.claimWaiting())
      .catch((err: unknown) => {
        this.options.logger.error('claiming a crawl failed', { error: String(err) });
      });
  }

  /**
   * Resolves when the job's process has exited and its end is recorded (tests, shutdown); at
   * once for a job not running, such as one still waiting for a slot.
   */
  async settled(jobId: string): Promise<void> {
    await this.claiming;
    await this.running.get(jobId)?.done;
  }

  /** Ends every crawler process (app quit); their jobs wait, resumable, for the next start. */
  async stopAll(): Promise<void> {
    this.stopping = true;
    await this.claiming;
    const runs = [...this.running.values()];
    // A process told to end stops its crawl, closes its browser and the file, then exits.
    for (const { child } of runs) child.kill();
    await Promise.all(runs.map((run) => run.done));
    await this.options.queue.release(this.owner);
  }

  private async claimWaiting(): Promise<void> {
    const { queue, maxRunning } = this.options;
    while (!this.stopping && this.running.size < maxRunning) {
      const claimed = await queue.claim(this.owner, LEASE_MS, MAX_ATTEMPTS);
      if (!claimed) return;
      this.run(claimed);
    }
  }

  private run(claimed: ClaimedJob): void {
    const jobId = claimed.job.id;
    const { options, userAgent } = this.options.plan(claimed.job);
    let last: CrawlProgressEvent = blankProgress(jobId);
    let ended = false;
    let child: CrawlerProcess;
    try {
      child = this.options.launch();
    } catch (err) {
      void this.fail(claimed, `Could not start the crawler process: ${String(err)}`);
      return;
    }
    const done = new Promise<void>((resolve) => {
      child.onExit((code) => {
        const reason = `The crawler process exited unexpectedly (code ${code ?? 'none'})`;
        const recorded = ended || this.stopping ? Promise.resolve() : this.fail(claimed, reason);
        void recorded.then(() => {
          this.running.delete(jobId);
          resolve();
          this.wake();
        });
      });
    });
    child.onMessage((raw) => {
      if (!isFromCrawler(raw))
        return this.options.logger.warn('ignored a malformed crawler message', { jobId });
      const message: FromCrawler = raw;
      if (message.type === 'progress') {
        const { type: _type, ...progress } = message.progress;
        last = { ...progress, jobId, status: 'crawling' };
        return this.options.emit(last);
      }
      // The process recorded the end itself, or says why it could not run the job at all.
      ended = true;
      if (message.type === 'failed') void this.fail(claimed, message.error);
      else if (message.status !== 'stopped')
        this.options.emit({ ...last, pagesCrawled: message.pagesCrawled, status: message.status });
      child.kill();
    });
    this.running.set(jobId, { child, claimed, done });
    child.postMessage({
      type: 'start',
      dataFile: this.options.dataFile,
      claimed,
      options,
      ...(userAgent ? { userAgent } : {}),
    });
  }

  /** Fails the job under its claim (a no-op once it ended) and tells the renderer. */
  private async fail(claimed: ClaimedJob, reason: string): Promise<void> {
    const failed = await this.options.queue
      .fail(claimed.job.id, claimed.claimToken, reason)
      .catch((err: unknown) => {
        this.options.logger.error('recording a failed crawl failed', { error: String(err) });
        return false;
      });
    if (failed) this.options.emit({ ...blankProgress(claimed.job.id), status: 'failed' });
  }
}

function blankProgress(jobId: string): CrawlProgressEvent {
  return {
    jobId,
    status: 'crawling',
    pagesFound: 0,
    pagesCrawled: 0,
    queued: 0,
    errors: 0,
    currentUrl: null,
    inFlight: [],
    slowInFlight: 0,
    pageTimeoutMs: DEFAULT_CRAWL_OPTIONS.pageTimeoutMs,
    elapsedMs: 0,
  };
}
