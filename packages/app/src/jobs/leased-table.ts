import type { SqlDatabase, SqlParam } from '@mapsmith/core';

/** How a held job ends: completed with the kind's summary, or failed with a reason. */
export type JobEnd<S> = { status: 'completed'; summary: S } | { status: 'failed'; reason: string };

/** Columns every leased row has and a claim reads. */
export interface LeasedRow {
  status: string;
  attempts: number;
}

/**
 * What `SqlLeasedJobs` needs to know of one kind's job table. The table has `status`,
 * `user_id`, `attempts`, `lease_owner`, `lease_expires_at`, `claim_token` and `created_ms`;
 * every name here is trusted text of the code, never input.
 */
export interface LeasedTable<Row extends LeasedRow, J, S> {
  table: string;
  /** The key column. */
  key: string;
  /** The status word of a held job (`'crawling'`, `'running'`). */
  running: string;
  /** A further condition a pending row must meet to be claimed (a paused crawl waits). */
  claimable?: string;
  /** The columns a claim reads (`status` and `attempts` included), for `toJob` and `interrupted`. */
  columns: string;
  /** The claim order: oldest first, then insertion order. */
  order: string;
  /** The advisory lock claims of this kind take: the per-user cap is read, then written. */
  lock: string;
  /** More assignments of a claim (a crawl's first start time), given the claim's time. */
  onClaim?: (now: number) => { set: string; params: SqlParam[] };
  /** What the worker is handed of a claimed row. */
  toJob(row: Row): J;
  /** The error of a job claimed more often than allowed, in plain words with its counts. */
  interrupted(row: Row): string;
  /** The assignments that write a job's end (after `status` and `finished_at`). */
  outcome(end: JobEnd<S>, now: number): { set: string; params: SqlParam[] };
  /** Cleanup after a job ended (a crawl's frontier); failures are the adapter's to ignore. */
  afterEnd?(db: SqlDatabase, id: string): Promise<unknown>;
}
