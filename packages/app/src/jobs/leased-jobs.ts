/** A job a worker holds the claim of, whatever its kind (a crawl, an audit, a comparison). */
export interface ClaimedLease<J extends { id: string }> {
  job: J;
  /** True when an earlier run of the job was interrupted and this one resumes it. */
  resumed: boolean;
  /**
   * A fresh random token of this claim, kept on the job's row. Every write of the holder
   * (heartbeat, outcome, the job's own rows) acts only while the row still carries it.
   */
  claimToken: string;
}

/**
 * Leased jobs: the one engine every background job kind runs on (crawls, audits, live-sitemap
 * comparisons), with an SQL adapter (`SqlLeasedJobs`) over SQLite and Postgres and the scaled
 * server's engine dispatch in front of it. `J` is what a claim hands the worker, `S` how a
 * run ends (written by `complete`). The invariants below are the contract; the contract suite
 * (`leased-jobs.contract.test.ts`) checks them on every kind, both databases and both adapters
 * (the SQL lease loop, and pg-boss on Postgres, a worker process killed with -9 included). The
 * pg-boss adapter differs in one point of order: an interrupted job is handed out again, but
 * not always before a newer pending job of its owner, and then within the owner's cap.
 *
 * 1. One holder: a job is held by at most one claim at a time, across every process.
 * 2. Fresh token: every claim writes a new random `claimToken`; a takeover therefore fences
 *    the previous holder off at once, even when it had the same owner id.
 * 3. Lease: a claim lasts `leaseMs` from the claim or the last heartbeat; a job whose lease
 *    ran out is claimable again (taken over, `resumed`), as is one whose owner `expireLeasesOf`
 *    names as gone.
 * 4. Attempts: each claim counts one attempt; a job claimable once more than `maxAttempts`
 *    allow is failed in plain words (how often it was interrupted, what it had done) instead.
 * 5. Per-user cap: a pending job whose owner already holds `perUserCap` unexpired claims of
 *    this kind waits; an interrupted (running) job resumes regardless.
 * 6. Fenced writes: `heartbeat`, `complete`, `fail` and `pause` write only while the job carries
 *    the caller's token and is running, and say whether they did. After a takeover the old
 *    holder writes nothing: no lease, no outcome, none of the job's own rows (their writers
 *    check the token in the same transaction, `fenceClaim`, and throw `ClaimLostError`).
 * 7. Release: `release(owner)` (graceful shutdown) and `pause` put the job back to pending
 *    without counting the run as an attempt and drop its token.
 * 8. Outcome once: `complete` and `fail` end the job and drop its token, so of two writers at
 *    most one writes an outcome, and only the one holding the claim.
 */
export interface LeasedJobs<J extends { id: string }, S> {
  /**
   * Takes the oldest claimable job (pending and not held back, or running on an expired lease)
   * for `owner` with a fresh token; null when none is. See invariants 1-5.
   */
  claim(
    owner: string,
    leaseMs: number,
    maxAttempts: number,
    perUserCap?: number,
  ): Promise<ClaimedLease<J> | null>;
  /** Extends the lease; false when the job no longer carries `claimToken`: the run must stop. */
  heartbeat(jobId: string, claimToken: string, leaseMs: number): Promise<boolean>;
  /** Ends the job as completed with `summary`; false when the claim was lost (nothing written). */
  complete(jobId: string, claimToken: string, summary: S): Promise<boolean>;
  /** Ends the job as failed with a reason a user reads; false when the claim was lost. */
  fail(jobId: string, claimToken: string, reason: string): Promise<boolean>;
  /**
   * Hands back a job its owner paused: pending again, not counted, waiting for its owner.
   * Absent for kinds that cannot be paused.
   */
  pause?(jobId: string, claimToken: string): Promise<boolean>;
  /** Expires at once the leases of owners `isGone` says are dead; returns how many. */
  expireLeasesOf(isGone: (owner: string) => boolean): Promise<number>;
  /** Graceful shutdown: `owner`'s jobs wait as pending, the run not counted; returns how many. */
  release(owner: string): Promise<number>;
  /** Deletes what jobs that are over left behind (a crawl's frontier); returns how many rows. */
  sweepFrontiers(): Promise<number>;
}

/**
 * A kind's work on a claimed job: `perform` runs it (stopping when `signal` aborts), `onFailed`
 * words a failure for the user, `maxAttempts` bounds how often an interrupted run is retried.
 */
export interface ClaimedTask<C, S> {
  perform(claimed: C, signal: AbortSignal): Promise<S>;
  onFailed(error: unknown): string;
  readonly maxAttempts: number;
}
