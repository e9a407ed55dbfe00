import { isClaimLost } from '../sql/claim-lost.js';
import { isJobPaused } from './job-paused.js';
import type { ClaimedLease, ClaimedTask, LeasedJobs } from './leased-jobs.js';

/**
 * How a claimed run ended: its end written (`completed`, `failed`), handed back (`paused`),
 * left to resume later (`stopped` by its shell, `interrupted` by a lost database), or
 * `taken-over` by another claim, when nothing of it was written.
 */
export type ClaimedEnd =
  | { end: 'completed' | 'paused' | 'stopped' | 'taken-over' }
  | { end: 'failed' | 'interrupted'; reason: string };

/** What a shell tunes of `runClaimed`. */
export interface RunClaimedOptions {
  /** Aborted when the shell stops the run (shutdown): the job stays claimed, to resume. */
  signal: AbortSignal;
  /** The lease each heartbeat renews. */
  leaseMs: number;
  /** How often the lease is renewed; none when absent (a claim lasting the app's run). */
  heartbeatMs?: number;
  /** Runs a write of the end (a shell frees its disk reserve on a full disk and tries again). */
  record?: (write: () => Promise<unknown>) => Promise<void>;
  /**
   * Whether a failure interrupted the run (the database went away): nothing is written. Told
   * the error itself (typed, or carrying its cause), never its words.
   */
  interrupted?: (error: unknown) => boolean;
  /**
   * Writes a failure (default: once); the server's pool says so in its log first, then retries
   * until it can (a full disk: the failure is known at once, its record may wait for space).
   */
  writeFailure?: (
    write: () => Promise<boolean>,
    signal: AbortSignal,
    reason: string,
  ) => Promise<void>;
  /** Told of each heartbeat: whether the claim held, or the error of the write. */
  onHeartbeat?: (held: boolean | Error) => void;
}

/**
 * Runs a claimed job of any kind to its end, the one way every shell does (the server's
 * worker pool, the desktop's crawler process): renews its lease, runs the kind's task, writes
 * its end fenced by the claim token, and stops at once when the claim is lost (a heartbeat
 * refused, a fenced write of the task refused, or the end itself refused), writing nothing.
 */
export async function runClaimed<J extends { id: string }, S>(
  jobs: LeasedJobs<J, S>,
  task: ClaimedTask<ClaimedLease<J>, S>,
  claimed: ClaimedLease<J>,
  options: RunClaimedOptions,
): Promise<ClaimedEnd> {
  const { id } = claimed.job;
  const token = claimed.claimToken;
  const lost = new AbortController();
  const signal = AbortSignal.any([options.signal, lost.signal]);
  const record = options.record ?? ((write) => write().then(() => undefined));
  const heartbeat =
    options.heartbeatMs === undefined
      ? undefined
      : setInterval(() => {
          jobs.heartbeat(id, token, options.leaseMs).then(
            (held) => {
              options.onHeartbeat?.(held);
              if (!held) lost.abort('lease lost');
            },
            (err: unknown) =>
              options.onHeartbeat?.(err instanceof Error ? err : new Error(String(err))),
          );
        }, options.heartbeatMs);
  const ended = () =>
    lost.signal.aborted ? ({ end: 'taken-over' } as const) : ({ end: 'stopped' } as const);
  try {
    const summary = await task.perform(claimed, signal);
    if (signal.aborted) return ended();
    let written = false;
    await record(async () => {
      written = await jobs.complete(id, token, summary);
    });
    return written ? { end: 'completed' } : { end: 'taken-over' };
  } catch (err) {
    if (signal.aborted) return ended();
    // Another worker holds the job now and carries on: stop, write nothing.
    if (isClaimLost(err)) return { end: 'taken-over' };
    const pause = jobs.pause?.bind(jobs);
    if (isJobPaused(err) && pause) {
      await record(() => pause(id, token));
      return { end: 'paused' };
    }
    const reason = task.onFailed(err);
    // The database went away under the run: an interruption, not the job's failure. The job
    // is claimed again once its lease runs out and resumes.
    if (options.interrupted?.(err)) return { end: 'interrupted', reason };
    const write = async () => {
      let written = false;
      await record(async () => {
        written = await jobs.fail(id, token, reason);
      });
      return written;
    };
    if (options.writeFailure) await options.writeFailure(write, signal, reason);
    else if (!(await write())) return { end: 'taken-over' };
    return { end: 'failed', reason };
  } finally {
    clearInterval(heartbeat);
  }
}
