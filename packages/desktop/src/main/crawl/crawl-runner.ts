import {
  type CrawledPage,
  type CrawlOptions,
  type CrawlProgress,
  isDiskFull,
  type Logger,
} from '@mapsmith/core';
import type { LocalStore } from '../store/local-store';
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
  status: 'crawling' | 'completed' | 'failed';
};

/** Emits an event to the renderer. */
export type EmitProgress = (event: CrawlProgressEvent) => void;

const PAGE_BATCH = 50;

/**
 * Runs each crawl in its own crawler process, never in main: it starts the process, streams
 * progress to the renderer, saves page records to the local store in batches, and records the
 * outcome. A process that dies before its summary fails the job with the reason.
 */
export class CrawlRunner {
  private readonly running = new Map<string, { child: CrawlerProcess; done: Promise<void> }>();
  private stopping = false;

  /** Creates the runner. */
  constructor(
    private readonly launch: LaunchCrawler,
    private readonly store: LocalStore,
    private readonly emit: EmitProgress,
    private readonly logger: Logger,
  ) {}

  /** Starts a crawl for a job the store already holds. */
  start(jobId: string, options: CrawlOptions): void {
    let child: CrawlerProcess;
    try {
      child = this.launch();
    } catch (err) {
      const error = `Could not start the crawler process: ${err instanceof Error ? err.message : String(err)}`;
      void this.store
        .finishJob(jobId, {
          status: 'failed',
          pagesCrawled: 0,
          error,
          summary: null,
          finishedAt: new Date().toISOString(),
        })
        .catch((e) => this.logger.error('saving crawl data failed', { jobId, error: String(e) }));
      return;
    }
    let pending: CrawledPage[] = [];
    let last: CrawlProgressEvent | null = null;
    let writes = Promise.resolve();
    let finished = false;
    let storageFailure: string | null = null;
    const write = (work: () => Promise<void>) => {
      writes = writes.then(work).catch((err) => {
        this.logger.error('saving crawl data failed', { jobId, error: String(err) });
        // Results that cannot be saved are lost: stop the crawl now and say why, rather than
        // crawl on into a full disk.
        if (storageFailure || finished) return;
        storageFailure = isDiskFull(err)
          ? 'The crawl stopped: this computer ran out of disk space. Free some space and start it again.'
          : `The crawl stopped: its results could not be saved (${err instanceof Error ? err.message : String(err)})`;
        child.kill();
      });
    };
    const flush = () => {
      const batch = pending;
      pending = [];
      write(() => this.store.addPages(jobId, batch));
    };
    const finish = (
      status: 'completed' | 'failed',
      pagesCrawled: number,
      error: string | null,
      summary: Parameters<LocalStore['finishJob']>[1]['summary'],
    ) => {
      if (finished) return;
      finished = true;
      flush();
      write(() =>
        this.store.finishJob(jobId, {
          status,
          pagesCrawled,
          error,
          summary,
          finishedAt: new Date().toISOString(),
        }),
      );
      write(async () => {
        this.emit({ ...(last ?? blankProgress(jobId)), pagesCrawled, status });
      });
    };
    const done = new Promise<void>((resolve) => {
      child.onExit((code) => {
        const reason =
          storageFailure ??
          (this.stopping
            ? 'Interrupted: the app closed during the crawl'
            : `The crawler process exited unexpectedly (code ${code ?? 'none'})`);
        finish('failed', last?.pagesCrawled ?? 0, reason, null);
        void writes.then(() => {
          this.running.delete(jobId);
          resolve();
        });
      });
    });
    child.onMessage((raw) => {
      if (!isFromCrawler(raw))
        return this.logger.warn('ignored a malformed crawler message', { jobId });
      const message: FromCrawler = raw;
      if (message.type === 'failed') {
        finish('failed', last?.pagesCrawled ?? 0, message.error, null);
        return child.kill();
      }
      if (message.type === 'links') {
        flush();
        const { links } = message;
        write(() => this.store.setLinks(jobId, links));
        return;
      }
      const event = message.event;
      if (event.type === 'page') {
        pending.push(event.page);
        if (pending.length >= PAGE_BATCH) flush();
      } else if (event.type === 'progress') {
        const { type: _type, ...progress } = event;
        last = { ...progress, jobId, status: 'crawling' };
        flush();
        const live = {
          pagesFound: progress.pagesFound,
          urlsRecorded: progress.pagesCrawled,
          queued: progress.queued,
          currentUrl: progress.currentUrl,
          elapsedMs: progress.elapsedMs,
        };
        write(() => this.store.updateProgress(jobId, progress.pagesCrawled, live));
        this.emit(last);
      } else {
        const { summary } = event;
        const failed = summary.endedBy === 'error';
        // The job counts pages (2xx HTML, core `countsAsPage`), as the plan's caps do.
        const pages = summary.pages ?? summary.pagesCrawled;
        finish(failed ? 'failed' : 'completed', pages, summary.error, summary);
        child.kill();
      }
    });
    this.running.set(jobId, { child, done });
    child.postMessage({ type: 'start', options });
  }

  /** Asks a running crawl to stop; it still ends with its summary. */
  cancel(jobId: string): boolean {
    const run = this.running.get(jobId);
    run?.child.postMessage({ type: 'cancel' });
    return run !== undefined;
  }

  /** Resolves when the job's process has exited and everything is saved (tests, shutdown). */
  async settled(jobId: string): Promise<void> {
    await this.running.get(jobId)?.done;
  }

  /** Ends every crawler process (app quit) and resolves once their jobs are recorded. */
  async stopAll(): Promise<void> {
    this.stopping = true;
    const runs = [...this.running.values()];
    for (const { child } of runs) child.kill();
    await Promise.all(runs.map((run) => run.done));
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
    elapsedMs: 0,
  };
}
