import type { SqlDatabase, SqlTransaction } from '@mapsmith/core';

/**
 * Transactions of the hot paths (a user's crawl starts, a job's page charges, a rate bucket),
 * written so that many processes on Postgres get exact answers without serialization retries.
 *
 * Postgres runs `transaction()` SERIALIZABLE, whose snapshot is taken by the first statement:
 * a transaction that waits for an advisory lock would then read the counters as they were
 * before the holder committed, and fail with a serialization error when it writes them. Every
 * concurrent writer of one user's counter would fail and retry, and bounded retries can run
 * out. So these transactions switch to READ COMMITTED before their first query (allowed until
 * then): each statement reads what is committed when it runs, and the lock (or the row lock of
 * a conditional UPDATE) orders the read-then-write. SQLite runs one writer at a time already.
 */

/** Switches a Postgres transaction to READ COMMITTED; must run before its first query. */
export async function readCommitted(tx: SqlTransaction): Promise<void> {
  if (tx.dialect.name === 'postgres')
    await tx.exec('SET TRANSACTION ISOLATION LEVEL READ COMMITTED');
}

/**
 * Runs `work` holding `key` (e.g. `user:42`) for the whole transaction: other processes'
 * work on the same key waits, then reads what this one committed.
 */
export function lockedTransaction<T>(
  db: SqlDatabase,
  key: string,
  work: (tx: SqlTransaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await readCommitted(tx);
    await tx.lock(key);
    return work(tx);
  });
}

/**
 * Runs `work` in a READ COMMITTED transaction (Postgres), for writes fenced by a conditional
 * UPDATE of one row: the row lock orders concurrent writers and the condition is checked on
 * the row's latest version, so no lock key is needed.
 */
export function fencedTransaction<T>(
  db: SqlDatabase,
  work: (tx: SqlTransaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await readCommitted(tx);
    return work(tx);
  });
}
