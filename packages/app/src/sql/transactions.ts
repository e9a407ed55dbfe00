import type { SqlDatabase, SqlTransaction } from '@mapsmith/core';

/**
 * Transactions of the hot paths, written so that many processes on Postgres get exact answers
 * without leaning on serialization retries (which are bounded, and cost a whole re-run each).
 */

/**
 * Runs `work` holding `key` (e.g. `user:42`) for the whole transaction: other processes' work
 * on the same key waits, then reads what this one committed. The lock is the first thing the
 * transaction does, so Postgres takes it before the snapshot (see `PgDatabase.transaction`).
 */
export function lockedTransaction<T>(
  db: SqlDatabase,
  key: string,
  work: (tx: SqlTransaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.lock(key);
    return work(tx);
  });
}

/**
 * Runs `work` in a READ COMMITTED transaction on Postgres, for the writes of one crawl job's
 * store: they are fenced by a conditional UPDATE of the job row (`page-charge.ts`), whose row
 * lock orders them and whose condition Postgres checks on the row's latest version. Under
 * SERIALIZABLE the page writes of concurrent jobs (one user's shared month counter, index
 * pages shared by neighbouring jobs) would keep failing each other and re-running; here they
 * wait for one row at most. The level is set by the transaction's BEGIN: no extra round trip.
 */
export function fencedTransaction<T>(
  db: SqlDatabase,
  work: (tx: SqlTransaction) => Promise<T>,
): Promise<T> {
  return db.transaction(work, { isolation: 'read committed' });
}
