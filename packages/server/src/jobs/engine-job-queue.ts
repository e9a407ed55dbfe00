import {
  type ClaimedLease,
  type CrawlJobRecord,
  type CrawlJobRow,
  type JobQueue,
  type LeasedJobs,
  type LeasedRow,
  NO_SECRET_BOX,
  type SecretBox,
  SqlJobQueue,
  type SqlLeasedJobs,
} from '@mapsmith/app';
import type { Clock, CrawlSummary, Logger, SqlDatabase } from '@mapsmith/core';
import type { EngineJob, QueueEngine } from '@mapsmith/postgres';

/** The engine queue crawl jobs are dispatched on. */
export const CRAWL_ENGINE_QUEUE = 'mapsmith-crawl';
/** The engine queue sitemap audits are dispatched on. */
export const AUDIT_ENGINE_QUEUE = 'mapsmith-audit';
/** The engine queue live-sitemap comparisons are dispatched on. */
export const COMPARE_ENGINE_QUEUE = 'mapsmith-sitemap-compare';

/** What a dispatched engine job carries: only the id; the job's state stays in its row. */
interface JobDispatch {
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
 * A job kind's queue on the scaled server (`MAPSMITH_ROLE=worker`): the engine adapter of
 * `LeasedJobs`. Job state stays in the kind's shared table, while dispatch, retries and
 * dead-worker detection go through the queue engine (pg-boss); every write to a row is the SQL
 * adapter's, fenced by the claim token. Every worker dispatches the pending rows to the engine,
 * idempotently (one engine job per job id while it is queued or active), so routes only insert
 * rows. A claim takes the next engine job (the engine skips users at their cap of running jobs,
 * across all workers), then claims its row with a fresh claim token. Heartbeats go to both: a
 * worker that stops heart-beating loses the engine job, another worker fetches it within the
 * heartbeat time and resumes it under a new token, which fences the old holder's writes and its
 * outcome. Nothing here reads the local pid table (`expireLeasesOf`).
 */
export class EngineLeasedJobs<R extends LeasedRow, J extends { id: string }, S>
  implements LeasedJobs<J, S>
{
  /**
   * The engine attempt this process holds, per claim token: a claim taken over (even by this
   * process) keeps its own, so its late writes never touch or settle the new holder's attempt.
   */
  private readonly held = new Map<string, EngineJob<JobDispatch>>();
  private lastDispatch = Number.NEGATIVE_INFINITY;

  /** `rows` is the kind's SQL adapter over the shared database; `queue` the engine's queue name. */
  constructor(
    private readonly engine: QueueEngine,
    private readonly rows: SqlLeasedJobs<R, J, S>,
    private readonly queue: string,
    private readonly clock: Pick<Clock, 'now'>,
    private readonly logger: Logger,
    private readonly options: EngineJobQueueOptions,
  ) {}

  /** Dispatches what is pending, then claims the row of the next job the engine hands out. */
  async claim(
    owner: string,
    leaseMs: number,
    maxAttempts: number,
    perUserCap?: number,
  ): Promise<ClaimedLease<J> | null> {
    await this.dispatch(leaseMs);
    for (;;) {
      const job = await this.engine.fetch<JobDispatch>(this.queue, perUserCap);
      if (!job) return null;
      // The row's claim is the leased-job engine's own: a fresh token, one more attempt; a row
      // still crawling belongs to a worker the engine found dead (no heartbeat) and resumes.
      const claimed = await this.rows.claimNamed(job.data.jobId, owner, leaseMs, maxAttempts);
      if (claimed) {
        this.held.set(claimed.claimToken, job);
        return claimed;
      }
      // The row is over (finished, failed at its attempt limit, deleted): so is the engine job.
      await this.engine.complete(this.queue, job);
    }
  }

  /**
   * Both hold, or the worker must stop: the engine's claim and the row's token. A claim lost
   * either way is forgotten here (its engine attempt settled, a no-op once handed out again).
   */
  async heartbeat(jobId: string, claimToken: string, leaseMs: number): Promise<boolean> {
    const job = this.held.get(claimToken);
    if (!job) return false;
    const [engineHeld, rowHeld] = await Promise.all([
      this.engine.touch(this.queue, job),
      this.rows.heartbeat(jobId, claimToken, leaseMs),
    ]);
    if (engineHeld && rowHeld) return true;
    await this.settle(jobId, claimToken);
    return false;
  }

  /** Completes the row under the token, then settles the engine job (a stale one is a no-op). */
  async complete(jobId: string, claimToken: string, summary: S): Promise<boolean> {
    const done = await this.rows.complete(jobId, claimToken, summary);
    await this.settle(jobId, claimToken);
    return done;
  }

  /**
   * A failed crawl is final (its reason is shown): the engine job is settled, not retried; only
   * interruptions are retried, by the engine handing out an abandoned job again.
   */
  async fail(jobId: string, claimToken: string, reason: string): Promise<boolean> {
    const done = await this.rows.fail(jobId, claimToken, reason);
    await this.settle(jobId, claimToken);
    return done;
  }

  /**
   * A paused job (issue 30) waits without an engine job: the row is paused under the token, the
   * engine job settled; a resume makes the row pending again and the next dispatch sends it.
   */
  async pause(jobId: string, claimToken: string): Promise<boolean> {
    const done = await this.rows.pause(jobId, claimToken);
    await this.settle(jobId, claimToken);
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
    await Promise.all([...this.held].map(([token, job]) => this.settle(job.data.jobId, token)));
    this.lastDispatch = Number.NEGATIVE_INFINITY;
    await this.dispatch(0);
    return released;
  }

  /** See `LeasedJobs.sweepFrontiers`. */
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
    const rows = await this.rows.due(DISPATCH_BATCH, now - 2 * leaseMs);
    const sent = await this.engine.dispatch(
      this.queue,
      rows.map((r) => ({ key: r.id, group: `user:${r.userId}`, data: { jobId: r.id } })),
    );
    if (sent > 0) this.logger.info('jobs dispatched', { queue: this.queue, jobs: sent });
    return sent;
  }

  /** Settles the engine attempt this process held under `claimToken` (of `jobId`), if any. */
  private async settle(jobId: string, claimToken: string): Promise<void> {
    const job = this.held.get(claimToken);
    this.held.delete(claimToken);
    if (!job) return;
    await this.engine
      .complete(this.queue, job)
      .catch((err) =>
        this.logger.warn('could not settle an engine job', { jobId, error: String(err) }),
      );
  }
}

/** The crawl queue of the scaled server: crawls on the engine, paused like the SQL queue. */
export class EngineJobQueue
  extends EngineLeasedJobs<CrawlJobRow, CrawlJobRecord, CrawlSummary>
  implements JobQueue
{
  /** Crawl rows of `db`, their credentials opened with `box`. */
  constructor(
    db: SqlDatabase,
    engine: QueueEngine,
    clock: Pick<Clock, 'now'>,
    logger: Logger,
    options: EngineJobQueueOptions,
    box: SecretBox = NO_SECRET_BOX,
  ) {
    super(engine, new SqlJobQueue(db, clock, box), CRAWL_ENGINE_QUEUE, clock, logger, options);
  }
}
