import { NO_SECRET_BOX, type SecretBox, SqlJobQueue } from '@mapsmith/app';
import type { Clock, CrawlSummary, Logger, SqlDatabase } from '@mapsmith/core';
import type { EngineJob, QueueEngine } from '@mapsmith/postgres';
import type { ClaimedJob, JobQueue } from '../repos/ports.js';

/** The engine queue crawl jobs are dispatched on. */
export const CRAWL_ENGINE_QUEUE = 'mapsmith-crawl';

/** What a dispatched engine job carries: only the id; the job's state stays in `crawl_jobs`. */
interface CrawlDispatch {
  jobId: string;
}

/** Pending jobs dispatched per pass (the rest go in the next pass, a poll later). */
const DISPATCH_BATCH = 200;

/** Tuning of the engine queue (from configuration). */
export interface EngineJobQueueOptions {
  /** Least time between two dispatch passes of this process. */
  dispatchEveryMs: number;
}

/**
 * The crawl queue of the scaled server (`MAPSMITH_ROLE=worker`): job state stays in the shared
 * `crawl_jobs` table, while dispatch, retries and dead-worker detection go through the queue
 * engine. Every worker dispatches the pending rows to the engine, idempotently (one engine job
 * per crawl job id while it is queued or active), so routes only insert rows. A claim takes the
 * next engine job (the engine skips users at their cap of running crawls, across all workers),
 * then claims its row with a fresh claim token. Heartbeats go to both: a worker that stops
 * heart-beating loses the engine job, another worker fetches it within the heartbeat time and
 * resumes from the stored frontier under a new token, which fences the old holder's page
 * charges and its completion. Nothing here reads the local pid table (`expireLeasesOf`).
 */
export class EngineJobQueue implements JobQueue {
  /** The engine attempt this process holds, per crawl job id. */
  private readonly held = new Map<string, EngineJob<CrawlDispatch>>();
  private lastDispatch = Number.NEGATIVE_INFINITY;
  /** Finds the rows to dispatch and claims those the engine hands out, by id. */
  private readonly named: SqlJobQueue;

  /**
   * `rows` is the SQL queue over the same database: heartbeats, completion and release of the
   * rows themselves are its token-fenced statements.
   */
  constructor(
    db: SqlDatabase,
    private readonly engine: QueueEngine,
    private readonly rows: JobQueue,
    private readonly clock: Pick<Clock, 'now'>,
    private readonly logger: Logger,
    private readonly options: EngineJobQueueOptions,
    /** Opens a claimed job's crawl credentials. */
    box: SecretBox = NO_SECRET_BOX,
  ) {
    this.named = new SqlJobQueue(db, clock, box);
  }

  /** Dispatches what is pending, then claims the row of the next job the engine hands out. */
  async claim(
    owner: string,
    leaseMs: number,
    maxAttempts: number,
    perUserCap?: number,
  ): Promise<ClaimedJob | null> {
    await this.dispatch(leaseMs);
    for (;;) {
      const job = await this.engine.fetch<CrawlDispatch>(CRAWL_ENGINE_QUEUE, perUserCap);
      if (!job) return null;
      // The row's claim is the leased-job engine's own: a fresh token, one more attempt; a row
      // still crawling belongs to a worker the engine found dead (no heartbeat) and resumes.
      const claimed = await this.named.claimNamed(job.data.jobId, owner, leaseMs, maxAttempts);
      if (claimed) {
        this.held.set(claimed.job.id, job);
        return claimed;
      }
      // The row is over (finished, failed at its attempt limit, deleted): so is the engine job.
      await this.engine.complete(CRAWL_ENGINE_QUEUE, job);
    }
  }

  /** Both hold, or the worker must stop: the engine's claim and the row's token. */
  async heartbeat(jobId: string, claimToken: string, leaseMs: number): Promise<boolean> {
    const job = this.held.get(jobId);
    if (!job) return false;
    const [engineHeld, rowHeld] = await Promise.all([
      this.engine.touch(CRAWL_ENGINE_QUEUE, job),
      this.rows.heartbeat(jobId, claimToken, leaseMs),
    ]);
    return engineHeld && rowHeld;
  }

  /** Completes the row under the token, then settles the engine job (a stale one is a no-op). */
  async complete(jobId: string, claimToken: string, summary: CrawlSummary): Promise<boolean> {
    const done = await this.rows.complete(jobId, claimToken, summary);
    await this.settle(jobId);
    return done;
  }

  /**
   * A failed crawl is final (its reason is shown): the engine job is settled, not retried; only
   * interruptions are retried, by the engine handing out an abandoned job again.
   */
  async fail(jobId: string, claimToken: string, reason: string): Promise<boolean> {
    const done = await this.rows.fail(jobId, claimToken, reason);
    await this.settle(jobId);
    return done;
  }

  /**
   * A paused job (issue 30) waits without an engine job: the row is paused under the token, the
   * engine job settled; a resume makes the row pending again and the next dispatch sends it.
   */
  async pause(jobId: string, claimToken: string): Promise<boolean> {
    const done = await this.rows.pause(jobId, claimToken);
    await this.settle(jobId);
    return done;
  }

  /** Scaled mode never trusts local pids: dead workers are found by their missed heartbeats. */
  async expireLeasesOf(): Promise<number> {
    return 0;
  }

  /**
   * Graceful shutdown: the rows go back to pending, the engine jobs are settled, and the rows
   * are dispatched again at once, so another worker takes them without waiting for a timeout.
   */
  async release(owner: string): Promise<number> {
    const released = await this.rows.release(owner);
    await Promise.all([...this.held.keys()].map((id) => this.settle(id)));
    this.lastDispatch = Number.NEGATIVE_INFINITY;
    await this.dispatch(0);
    return released;
  }

  /** See `JobQueue.sweepFrontiers`. */
  sweepFrontiers(): Promise<number> {
    return this.rows.sweepFrontiers();
  }

  /**
   * Sends the pending rows (and, as a backstop, rows whose lease ran out long ago, e.g. an engine
   * job deleted by hand) to the engine; duplicates of queued or active jobs are dropped there.
   */
  async dispatch(leaseMs: number): Promise<number> {
    const now = this.clock.now();
    if (now - this.lastDispatch < this.options.dispatchEveryMs) return 0;
    this.lastDispatch = now;
    const rows = await this.named.due(DISPATCH_BATCH, now - 2 * leaseMs);
    const sent = await this.engine.dispatch(
      CRAWL_ENGINE_QUEUE,
      rows.map((r) => ({ key: r.id, group: `user:${r.userId}`, data: { jobId: r.id } })),
    );
    if (sent > 0) this.logger.info('crawl jobs dispatched', { jobs: sent });
    return sent;
  }

  /** Settles the engine job this process held for `jobId`, if any. */
  private async settle(jobId: string): Promise<void> {
    const job = this.held.get(jobId);
    this.held.delete(jobId);
    if (!job) return;
    await this.engine
      .complete(CRAWL_ENGINE_QUEUE, job)
      .catch((err) =>
        this.logger.warn('could not settle an engine job', { jobId, error: String(err) }),
      );
  }
}
