import { type CrawlProgress, type CrawlStore, type CrawlSummary, isDiskFull } from '@mapsmith/core';
import { JobPausedError } from '../jobs/job-paused.js';
import { isClaimLost } from '../sql/claim-lost.js';
import { computeOutcome } from './crawl-outcome.js';
import type {
  ClaimedJob,
  CrawlJobRecord,
  CrawlJobRepository,
  JobCrawlStore,
  StoreLimit,
} from './ports.js';
import { CONTROL_POLL_MS, watchRequest } from './watch-request.js';

/** Least time between two progress writes of one job. */
const PROGRESS_WRITE_MS = 1000;

/** What a crawl run gets: its job, its durable store, and whether it resumes a stopped run. */
export interface CrawlRunContext {
  /** Frontier and pages of this job; pages are stored (and charged) in batches as they arrive. */
  store: CrawlStore;
  /** Aborted on shutdown or when the lease is lost. */
  signal: AbortSignal;
  /** True when an earlier run was interrupted; the store already holds its frontier. */
  resumed: boolean;
  /** Called with the crawler's progress events (what `crawl.get` shows while it runs). */
  onProgress?: (progress: CrawlProgress) => void;
}

/**
 * Runs one crawl to its end and returns the summary (the real crawler in production). A
 * runner holding resources (a browser) releases them in `close`, called when the server stops.
 */
export type CrawlRunner = ((job: CrawlJobRecord, ctx: CrawlRunContext) => Promise<CrawlSummary>) & {
  close?: () => Promise<void>;
};

/**
 * Thrown for a crawl that ended in error, so its reason is recorded as the job's error. When
 * the crawler ended on a failure of the job's store, `cause` is that store error as thrown (a
 * lost database, typed by its adapter), so a shell can tell an interruption from a failure
 * without reading the words.
 */
export class CrawlFailedError extends Error {
  /** `message` is shown to the user as the job's error. */
  constructor(message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'CrawlFailedError';
  }
}

/**
 * Thrown when the owner paused the crawl (issue 30): the run stopped and stored its frontier;
 * the worker hands the claim back with `JobQueue.pause`, recording no outcome.
 */
export class CrawlPausedError extends JobPausedError {
  /** `jobId` names the paused job. */
  constructor(jobId: string) {
    super(jobId, `The crawl ${jobId} was paused by its owner.`);
    this.name = 'CrawlPausedError';
  }
}

/** Whether `err` is a crawl paused by its owner. */
export function isCrawlPaused(err: unknown): err is CrawlPausedError {
  return err instanceof CrawlPausedError;
}

/** Interrupted runs (server restarts) are resumed twice, then the job fails with its reason. */
export const CRAWL_MAX_ATTEMPTS = 3;

/**
 * The reason a crawl that rejected with `error` is recorded with: our own failures keep their
 * text; a full disk says whose (`diskFull`); anything else says what happened without internals.
 */
export function crawlFailureReason(error: unknown, diskFull: string): string {
  if (error instanceof CrawlFailedError) return error.message;
  if (isDiskFull(error)) return diskFull;
  const detail = error instanceof Error ? error.message : String(error);
  return `The crawl failed: ${detail}`;
}

/** The crawl job: resumes the job's stored frontier, then runs the crawler on it. */
export class CrawlTask {
  /** See {@link CRAWL_MAX_ATTEMPTS}. */
  readonly maxAttempts = CRAWL_MAX_ATTEMPTS;

  /**
   * Reads stores from `jobs` and crawls with `run`; `diskFull` is the job's error when the
   * store could not write for lack of disk space (the shell says whose disk: the server's, or
   * this computer's).
   */
  constructor(
    private readonly jobs: CrawlJobRepository,
    private readonly run: CrawlRunner,
    private readonly diskFull: string,
    private readonly controlPollMs = CONTROL_POLL_MS,
  ) {}

  /**
   * Entries leased by a dead run go back to the queue before the crawler starts. When the
   * owner's monthly quota or storage budget runs out mid-crawl the store says so and the crawl
   * is ended: the job completes with the pages stored so far, and the limit as its end.
   */
  async perform(claimed: ClaimedJob, signal: AbortSignal): Promise<CrawlSummary> {
    const quota = new AbortController();
    const lost = new AbortController();
    const asked = new AbortController();
    let limit: StoreLimit | null = null;
    const failed: StoreFailure = {};
    const store = fencedStore(
      this.jobs.store(
        claimed.job.id,
        claimed.claimToken,
        (reached) => {
          limit ??= reached;
          quota.abort(reached.reason);
        },
        true,
      ),
      lost,
      failed,
    );
    await store.requeueLeased();
    const watching = await watchRequest(
      () => this.jobs.control(claimed.job.id),
      asked,
      this.controlPollMs,
    );
    let ran: CrawlSummary;
    try {
      ran = await this.run(claimed.job, {
        store,
        signal: AbortSignal.any([signal, quota.signal, lost.signal, asked.signal]),
        resumed: claimed.resumed,
        onProgress: this.progressWriter(claimed.job.id),
      });
    } finally {
      clearInterval(watching);
    }
    // The last batch of pages is committed before anything reads the job's rows.
    await store.flush();
    // The crawler ends on a store failure with a summary: a lost claim is not the job's failure.
    if (lost.signal.aborted) throw lost.signal.reason;
    // Paused: the frontier stays as stored and nothing is settled; the worker hands it back.
    if (asked.signal.reason === 'pause' && !signal.aborted && ran.endedBy === 'cancelled')
      throw new CrawlPausedError(claimed.job.id);
    // The run is over (unless the server is stopping: the job resumes later): the link graph
    // is whole, so the URL table gets its final counts, whether the crawl completed or failed.
    if (!signal.aborted) await this.jobs.settleLinks(claimed.job.id);
    if (limit && !signal.aborted) {
      ran = endedByLimit(ran, limit);
    } else if (asked.signal.aborted && !signal.aborted && ran.endedBy === 'cancelled') {
      // Stopped by its owner (a pause turned stop ends here too): it completes with its pages.
      ran = { ...ran, endedBy: 'stopped', error: null };
    }
    if (ran.endedBy === 'error') {
      if (isDiskFull(ran.error)) throw new CrawlFailedError(this.diskFull);
      // The crawler words a store failure into its summary; the error itself goes with it.
      throw new CrawlFailedError(ran.error ?? 'The crawl stopped with an error', failed.first);
    }
    if (!signal.aborted) await this.keepOutcome(claimed, ran);
    return ran;
  }

  /**
   * Computes the outcome before the job is marked completed, so the first poll that sees it
   * completed does not wait for the pass over a large crawl's listed pages.
   */
  private async keepOutcome(claimed: ClaimedJob, summary: CrawlSummary): Promise<void> {
    const { job } = claimed;
    const now = await this.jobs.get(job.id, job.userId);
    if (!now) return;
    // Before the job reads as completed: its rows' changes and honest lastmods are final then.
    await this.jobs.compareWithPrevious(now);
    const { monthQuota } = await this.jobs.details(job.id);
    const outcome = await computeOutcome(
      this.jobs,
      { ...now, status: 'completed' },
      summary,
      monthQuota,
    );
    // Fenced: a run whose job was taken over meanwhile writes no outcome (the holder will).
    await this.jobs.saveOutcome(job.id, outcome, claimed.claimToken);
  }

  /** Writes progress at most once a second; the last write wins. */
  private progressWriter(jobId: string): (progress: CrawlProgress) => void {
    let last = 0;
    return (p) => {
      const now = Date.now();
      if (now - last < PROGRESS_WRITE_MS) return;
      last = now;
      const { pagesFound, pagesCrawled, queued, currentUrl, elapsedMs } = p;
      const { inFlight, slowInFlight, pageTimeoutMs } = p;
      this.jobs
        .saveProgress(jobId, {
          pagesFound,
          urlsRecorded: pagesCrawled,
          queued,
          currentUrl,
          inFlight,
          slowInFlight,
          pageTimeoutMs,
          elapsedMs,
        })
        .catch(() => undefined);
    };
  }

  /** See {@link crawlFailureReason}. */
  onFailed(error: unknown): string {
    return crawlFailureReason(error, this.diskFull);
  }
}

/** The summary of a crawl the owner's limit ended: the quota's page limit, or the budget. */
function endedByLimit(ran: CrawlSummary, limit: StoreLimit): CrawlSummary {
  if (limit.reason === 'monthly-quota') return { ...ran, endedBy: 'page-limit', error: null };
  return { ...ran, endedBy: 'storage-budget', error: null, limit: limit.budget };
}

/** The first error the job's store threw during a run (other than a lost claim), if any. */
interface StoreFailure {
  first?: unknown;
}

/**
 * The job's store, watched: the first `ClaimLostError` of a fenced write (another worker took
 * the job over) aborts `lost` with it, so the crawl stops at once and the task can say why;
 * the first other error is kept in `failed`, the typed cause of a crawl the store ended.
 */
function fencedStore(
  store: JobCrawlStore,
  lost: AbortController,
  failed: StoreFailure,
): JobCrawlStore {
  const watch = <T>(write: Promise<T>): Promise<T> =>
    write.catch((err: unknown) => {
      if (isClaimLost(err)) {
        if (!lost.signal.aborted) lost.abort(err);
      } else {
        failed.first ??= err;
      }
      throw err;
    });
  return {
    enqueue: (entries) => watch(store.enqueue(entries)),
    take: (limit) => watch(store.take(limit)),
    requeueLeased: () => store.requeueLeased(),
    counts: () => watch(store.counts()),
    addInlinks: (links) => watch(store.addInlinks(links)),
    savePage: (key, page) => watch(store.savePage(key, page)),
    pages: () => store.pages(),
    listed: () => store.listed(),
    flush: () => watch(store.flush()),
  };
}
