import { randomUUID } from 'node:crypto';
import { type ClaimedLease, type CrawlJobRecord, type LeasedJobs, runClaimed } from '@mapsmith/app';
import { type CrawlSummary, type Logger, RepeatedFailureLog } from '@mapsmith/core';
import { isConnectionError } from '@mapsmith/postgres';
import { isDiskFull } from '../storage/disk-space.js';
import type { BackgroundTask } from './task.js';

/** Tuning of the pool; every value comes from configuration. */
export interface WorkerPoolOptions {
  /** Crawl jobs run at once in this process. */
  concurrency: number;
  /**
   * Crawl jobs one user may have running at once, across every worker of the queue (issue 13:
   * a bulk list of 100 sites must not starve other users' crawls). Unbounded when absent.
   */
  perUserConcurrency?: number;
  /** How long a lease lasts without a heartbeat. */
  leaseMs: number;
  /** How often a running job renews its lease (well under `leaseMs`). */
  heartbeatMs: number;
  /** How often idle workers look for work (new jobs also wake them at once). */
  pollMs: number;
  /**
   * False while the disk is under its floor: no job is claimed (new or interrupted), so a crawl
   * that stopped on a full disk does not resume into it. Polling retries later.
   */
  hasRoom?: () => Promise<boolean>;
  /** Frees the disk reserve, so the outcome of a job stopped by a full disk can be recorded. */
  releaseReserve?: () => Promise<void>;
}

const SHUTDOWN = 'shutdown';

/** First wait before a failed outcome is written again, and the longest wait between tries. */
const RECORD_RETRY_FIRST_MS = 200;
const RECORD_RETRY_MAX_MS = 5000;

/**
 * Whether a run failed because the database went away (a Postgres restart): the adapter's
 * connection error, thrown by the task or carried as the cause of its failure (a crawl the
 * store ended: `CrawlFailedError`'s cause). The one place the pool decides it.
 */
export function isDatabaseLost(err: unknown): boolean {
  for (let e = err, depth = 0; e !== undefined && depth < 5; depth++) {
    if (isConnectionError(e)) return true;
    e = e instanceof Error ? e.cause : undefined;
  }
  return false;
}

/** Whether a lease owner id (`worker-<pid>-<id>`) names a process of this machine that is gone. */
export function isDeadLocalOwner(owner: string): boolean {
  const match = /^worker-(\d+)-/.exec(owner);
  if (!match) return false;
  const pid = Number(match[1]);
  // Our own pid under another owner id was an earlier process that had the same pid.
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * The in-process worker pool of the embedded server. It takes jobs from the queue up to its
 * concurrency, holds each one's lease with a heartbeat, and records the outcome. A job whose
 * lease is lost (another worker took it over) is aborted here and its outcome not recorded.
 */
export class WorkerPool<J extends { id: string } = CrawlJobRecord, S = CrawlSummary> {
  /** This process's lease owner id. */
  readonly owner = `worker-${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly running = new Map<string, { abort: AbortController; done: Promise<void> }>();
  private timer: NodeJS.Timeout | undefined;
  private filling: Promise<void> | null = null;
  private refill = false;
  private stopped = true;
  private waitingForRoom = false;
  /** Failed outcomes not yet recorded: no job is claimed until they are (see `recordFailure`). */
  private unrecorded = 0;
  /** Wakes the waits between record retries when the pool stops. */
  private readonly stopping = new AbortController();
  private readonly claimLog: RepeatedFailureLog;
  private readonly heartbeatLog: RepeatedFailureLog;
  private readonly recordLog: RepeatedFailureLog;

  /** Runs `task` for jobs of `queue`; `kind` names them in the log. */
  constructor(
    private readonly queue: LeasedJobs<J, S>,
    private readonly task: BackgroundTask<ClaimedLease<J>, S>,
    private readonly options: WorkerPoolOptions,
    private readonly logger: Logger,
    private readonly kind = 'crawl',
  ) {
    // A full disk or a lost database fails these every poll: one line, then a count.
    this.claimLog = new RepeatedFailureLog(logger, 'error', 'worker pool could not claim a job');
    this.heartbeatLog = new RepeatedFailureLog(logger, 'warn', 'heartbeat failed');
    this.recordLog = new RepeatedFailureLog(
      logger,
      'error',
      `could not record a failed ${kind} job: retrying until it can`,
    );
  }

  /** Jobs in progress in this process. */
  get active(): number {
    return this.running.size;
  }

  /**
   * Starts polling. With `recoverLocal` (the embedded server), the leases of worker processes
   * of this machine that no longer run are expired first, so their jobs resume at once.
   */
  async start(recoverLocal: boolean): Promise<void> {
    await this.queue
      .sweepFrontiers()
      .catch((err) => this.logger.warn('frontier sweep failed', { error: String(err) }));
    if (recoverLocal) {
      const n = await this.queue.expireLeasesOf(isDeadLocalOwner);
      if (n > 0)
        this.logger.warn(`resuming ${this.kind} jobs left by a stopped server`, { jobs: n });
    }
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks for work now (called when a job is created). */
  wake(): void {
    if (this.stopped) return;
    if (this.filling) {
      this.refill = true;
      return;
    }
    this.filling = this.fill()
      .then(
        () => this.claimLog.succeeded(),
        (err) => this.claimLog.failed({ error: String(err) }),
      )
      .finally(() => {
        this.filling = null;
        if (this.refill) {
          this.refill = false;
          this.wake();
        }
      });
  }

  /** Stops taking jobs, aborts the running ones and hands their leases back as pending. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    clearInterval(this.timer);
    await this.filling;
    for (const { abort } of this.running.values()) abort.abort(SHUTDOWN);
    await Promise.all([...this.running.values()].map((r) => r.done));
    await this.record(() => this.queue.release(this.owner));
  }

  private async fill(): Promise<void> {
    // A failed outcome that could not be written waits first: claiming would resume that very
    // job (its lease runs out while the disk is full) and fill the disk again.
    while (!this.stopped && this.unrecorded === 0 && this.running.size < this.options.concurrency) {
      if (this.options.hasRoom && !(await this.options.hasRoom())) {
        if (!this.waitingForRoom)
          this.logger.warn('crawl jobs wait: the data folder is low on disk space');
        this.waitingForRoom = true;
        return;
      }
      this.waitingForRoom = false;
      const claimed = await this.queue.claim(
        this.owner,
        this.options.leaseMs,
        this.task.maxAttempts,
        this.options.perUserConcurrency,
      );
      if (!claimed) return;
      // Our own lease expired while the job still ran here (a stalled event loop) and we took
      // it again: the new claim's token fences the old run out, so that run stops and this
      // claim resumes the job from its stored frontier at once.
      const stale = this.running.get(claimed.job.id);
      if (stale) {
        stale.abort.abort('lease lost');
        await stale.done;
      }
      const abort = new AbortController();
      const done = this.runOne(claimed, abort).finally(() => {
        this.running.delete(claimed.job.id);
        this.wake();
      });
      this.running.set(claimed.job.id, { abort, done });
    }
  }

  /** Runs a write of a job's outcome; on a full disk, frees the reserve and tries once more. */
  private async record(write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (err) {
      if (!isDiskFull(err) || !this.options.releaseReserve) throw err;
      this.logger.error('the disk is full: the reserve is freed to record a job outcome');
      await this.options.releaseReserve();
      await write();
    }
  }

  /** Runs a claimed job with the one `runClaimed`, then says in the log how it ended. */
  private async runOne(claimed: ClaimedLease<J>, abort: AbortController): Promise<void> {
    const { id } = claimed.job;
    this.logger.info(`${this.kind} job started`, { jobId: id, resumed: claimed.resumed });
    const ran = await runClaimed(this.queue, this.task, claimed, {
      signal: abort.signal,
      leaseMs: this.options.leaseMs,
      heartbeatMs: this.options.heartbeatMs,
      record: (write) => this.record(write),
      // The database went away under the run (a Postgres restart): nothing is recorded; the
      // job is claimed again (its lease or its engine heartbeat runs out) and resumes.
      interrupted: (err) => isDatabaseLost(err),
      writeFailure: (write, signal, reason) => {
        // Said before its record: on a full disk the record waits for space, the log does not.
        this.logger.warn(`${this.kind} job failed`, { jobId: id, reason });
        return this.recordFailure(id, write, signal);
      },
      onHeartbeat: (held) => {
        if (held instanceof Error) this.heartbeatLog.failed({ jobId: id, error: String(held) });
        else this.heartbeatLog.succeeded();
      },
    });
    if (ran.end === 'completed') this.logger.info(`${this.kind} job completed`, { jobId: id });
    else if (ran.end === 'taken-over')
      this.logger.warn(`${this.kind} job taken over by another worker`, { jobId: id });
    else if (ran.end === 'paused') this.logger.info(`${this.kind} job paused`, { jobId: id });
    else if (ran.end === 'interrupted')
      this.logger.warn(`${this.kind} job interrupted: the database is unreachable`, { jobId: id });
  }

  /**
   * Records a job's failure, trying again with a growing wait (up to 5 s) until it can: a
   * store that failed on a full disk usually cannot write the failure either, and the job must
   * not stay "crawling" once space is back (issue 30 point 6). The heartbeat keeps the lease
   * meanwhile; a lost lease (another worker took the job) or the pool stopping ends the tries.
   */
  private async recordFailure(
    id: string,
    write: () => Promise<unknown>,
    signal: AbortSignal,
  ): Promise<void> {
    this.unrecorded++;
    try {
      let wait = RECORD_RETRY_FIRST_MS;
      for (;;) {
        try {
          await write();
          this.recordLog.succeeded({ jobId: id });
          return;
        } catch (err) {
          this.recordLog.failed({ jobId: id, error: String(err) });
        }
        const stop = AbortSignal.any([signal, this.stopping.signal]);
        if (stop.aborted) return;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, wait);
          stop.addEventListener('abort', () => {
            clearTimeout(timer);
            resolve();
          });
        });
        if (stop.aborted) return;
        wait = Math.min(wait * 2, RECORD_RETRY_MAX_MS);
      }
    } finally {
      this.unrecorded--;
      this.wake();
    }
  }
}
