import { randomUUID } from 'node:crypto';
import {
  type AuditQueue,
  type AuditRunDeps,
  auditFailureText,
  type ClaimedAudit,
  runAuditJob,
  runClaimed,
} from '@mapsmith/app';

/**
 * A claim lasts as long as this app runs: nothing else claims in this data file (one app at a
 * time), and at the next start the leases of the app that ran before are expired at once.
 */
const LEASE_MS = 365 * 24 * 3_600_000;

/** Runs interrupted more often than this fail with the reason, as hosted. */
const MAX_ATTEMPTS = 3;

/**
 * The desktop's sitemap audits (issue 27 point 5): the audit kind of the application layer's
 * leased-job engine over the data file, each claimed job run with the one `runClaimed` and
 * app's `runAuditJob`, as a hosted worker does. They run in main, one at a time: an audit only
 * sends HTTP requests through the desktop's one URL policy (no browser, no page store), as the
 * live-sitemap comparisons do. Robots.txt and politeness are core `runAudit`'s, as hosted. The
 * owner's stop is app's (a waiting audit ends at once, a running one within a second).
 * Quitting puts the running audit back to wait; it resumes at the next start, checking only
 * the URLs not yet saved.
 */
export class LocalAudits {
  /** This app's name on its claims. */
  private readonly owner = `desktop-audit:${process.pid}:${randomUUID()}`;
  private running: { abort: AbortController; done: Promise<void> } | null = null;
  private claiming: Promise<void> = Promise.resolve();
  private stopping = false;

  /** Runs with `deps()` (the data file's audits, the desktop's policy, logger and options). */
  constructor(
    private readonly queue: AuditQueue,
    private readonly deps: () => AuditRunDeps,
  ) {}

  /** At start: an audit the app left running (closed or killed) waits again, and runs. */
  async resume(): Promise<void> {
    await this.queue.expireLeasesOf((owner) => owner !== this.owner);
    this.wake();
  }

  /** Claims and runs the next waiting audit unless one runs (after a start, or an end). */
  wake(): void {
    this.claiming = this.claiming
      .then(() => this.claimNext())
      .catch((err: unknown) => {
        this.deps().logger.error('claiming an audit failed', { error: String(err) });
      });
  }

  /** Stops the running audit (the app quits); it waits, resumable, for the next start. */
  async stopAll(): Promise<void> {
    this.stopping = true;
    await this.claiming;
    const running = this.running;
    running?.abort.abort();
    await running?.done;
    await this.queue.release(this.owner);
  }

  private async claimNext(): Promise<void> {
    if (this.stopping || this.running) return;
    const claimed = await this.queue.claim(this.owner, LEASE_MS, MAX_ATTEMPTS);
    if (claimed) this.run(claimed);
  }

  private run(claimed: ClaimedAudit): void {
    const abort = new AbortController();
    const task = {
      maxAttempts: MAX_ATTEMPTS,
      perform: (c: ClaimedAudit, signal: AbortSignal) => runAuditJob(this.deps(), c, signal),
      onFailed: auditFailureText,
    };
    const done = runClaimed(this.queue, task, claimed, { signal: abort.signal, leaseMs: LEASE_MS })
      .then((ran) => {
        if (ran.end === 'failed')
          this.deps().logger.warn('a sitemap audit failed', {
            jobId: claimed.job.id,
            error: ran.reason,
          });
      })
      .catch((err: unknown) => {
        this.deps().logger.error('a sitemap audit run broke', {
          jobId: claimed.job.id,
          error: String(err),
        });
      })
      .finally(() => {
        this.running = null;
        this.wake();
      });
    this.running = { abort, done };
  }
}
