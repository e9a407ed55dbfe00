import { randomUUID } from 'node:crypto';
import { type ClaimedLease, type ClaimedTask, type LeasedJobs, runClaimed } from '@mapsmith/app';
import type { Logger } from '@mapsmith/core';

/**
 * A claim lasts as long as this app runs: nothing else claims in this data file (one app at a
 * time), and at the next start the leases of the app that ran before are expired at once.
 */
const LEASE_MS = 365 * 24 * 3_600_000;

/** One kind of job the desktop runs in main, as a hosted worker pool runs it. */
export interface LocalKind<J extends { id: string }, S> {
  /** What the log calls one job of the kind ('sitemap audit'). */
  name: string;
  /** The kind's queue in the data file (the application layer's leased-job engine). */
  queue: LeasedJobs<J, S>;
  /** The kind's task, the one a hosted worker runs; built when a job is claimed. */
  task(): ClaimedTask<ClaimedLease<J>, S>;
  logger(): Logger;
}

/** What a handler needs of a runner: told that a job waits. */
export interface JobRunner {
  /** @throws nothing: see {@link LocalRuns.wake}. */
  wake(): void;
}

/**
 * The desktop's runner of one kind of leased job in main (issue 27 points 1 and 5): sitemap
 * audits and live-sitemap comparisons, which only send HTTP requests through the desktop's one
 * URL policy (no browser, no page store). It claims the kind's queue in the data file and runs
 * each claimed job with the one `runClaimed` and the kind's task, as a hosted worker does, one
 * at a time. Quitting puts the running job back to wait; at the next start it is claimed again
 * and resumes (a job interrupted too often fails with the engine's words, as hosted).
 */
export class LocalRuns<J extends { id: string }, S> implements JobRunner {
  /** This app's name on its claims. */
  private readonly owner: string;
  private running: { abort: AbortController; done: Promise<void> } | null = null;
  private claiming: Promise<void> = Promise.resolve();
  private stopping = false;

  /** Runs `kind`'s jobs. */
  constructor(private readonly kind: LocalKind<J, S>) {
    this.owner = `desktop-${kind.name.replaceAll(' ', '-')}:${process.pid}:${randomUUID()}`;
  }

  /** At start: a job the app left running (closed or killed) waits again, and runs. */
  async resume(): Promise<void> {
    await this.kind.queue.expireLeasesOf((owner) => owner !== this.owner);
    this.wake();
  }

  /**
   * Claims and runs the next waiting job unless one runs (after a start, or an end).
   * @throws nothing: a failure is logged, and a job's own ends on its job.
   */
  wake(): void {
    this.claiming = this.claiming
      .then(() => this.claimNext())
      .catch((err: unknown) => {
        this.kind.logger().error(`claiming a ${this.kind.name} failed`, { error: String(err) });
      });
  }

  /** Stops the running job (the app quits); it waits, resumable, for the next start. */
  async stopAll(): Promise<void> {
    this.stopping = true;
    await this.claiming;
    const running = this.running;
    running?.abort.abort();
    await running?.done;
    await this.kind.queue.release(this.owner);
  }

  private async claimNext(): Promise<void> {
    if (this.stopping || this.running) return;
    const task = this.kind.task();
    const claimed = await this.kind.queue.claim(this.owner, LEASE_MS, task.maxAttempts);
    if (claimed) this.run(claimed, task);
  }

  private run(claimed: ClaimedLease<J>, task: ClaimedTask<ClaimedLease<J>, S>): void {
    const abort = new AbortController();
    const { name, queue, logger } = this.kind;
    const done = runClaimed(queue, task, claimed, { signal: abort.signal, leaseMs: LEASE_MS })
      .then((ran) => {
        if (ran.end === 'failed')
          logger().warn(`a ${name} failed`, { jobId: claimed.job.id, error: ran.reason });
      })
      .catch((err: unknown) => {
        logger().error(`a ${name} run broke`, { jobId: claimed.job.id, error: String(err) });
      })
      .finally(() => {
        this.running = null;
        this.wake();
      });
    this.running = { abort, done };
  }
}
