import type { Logger, SqlParam, SqlTransaction } from '@mapsmith/core';
import type pg from 'pg';
import { postgresDialect } from './dialect.js';
import { isConnectionError, isRetryableConflict, translateError } from './errors.js';
import { pgQuery } from './query.js';

/** How many times one `transaction()` runs `work` before giving up on conflicts. */
export const MAX_TRANSACTION_ATTEMPTS = 12;

/** Jittered exponential backoff: 2, 4, 8 ... ms up to 250 ms, each ×0.5–1.5 at random. */
function backoffMs(attempt: number): number {
  return Math.min(250, 2 ** attempt) * (0.5 + Math.random());
}

const lockSql = (scope: 'xact' | 'session') =>
  scope === 'xact'
    ? 'SELECT pg_advisory_xact_lock(hashtextextended(?, 0))'
    : 'SELECT pg_advisory_lock(hashtextextended(?, 0))';

/**
 * Runs `work` in one SERIALIZABLE (or, when asked, READ COMMITTED) transaction on one pooled
 * connection, and runs it AGAIN
 * (up to `MAX_TRANSACTION_ATTEMPTS` times, with jittered exponential backoff) when Postgres
 * aborts it with a serialization failure (40001) or a deadlock (40P01). So `work` must be
 * re-runnable: it may touch the database only through `tx`, and must not send mail or change
 * memory that outlives it. Any other error rolls back and is thrown as is.
 *
 * `tx.lock(key)` holds an advisory lock on `hashtextextended(key, 0)` until the transaction
 * ends. A SERIALIZABLE snapshot is taken by the first statement, so a lock taken then would
 * still leave the waiter reading the state from before the holder committed (and failing on
 * commit). Hence `BEGIN` is sent lazily: locks asked for before any other statement are taken
 * first, as session locks outside the transaction, and released right after COMMIT/ROLLBACK;
 * later ones are `pg_advisory_xact_lock`, released by the transaction's end.
 */
export async function runTransaction<T>(
  checkout: () => Promise<pg.PoolClient>,
  target: string,
  logger: Logger,
  work: (tx: SqlTransaction) => Promise<T>,
  isolation: 'serializable' | 'read committed' = 'serializable',
): Promise<T> {
  const beginSql = `BEGIN ISOLATION LEVEL ${isolation.toUpperCase()}`;
  for (let attempt = 1; ; attempt += 1) {
    const client = await checkout();
    const onError = (err: Error) =>
      logger.warn('Postgres connection lost during a transaction', {
        target,
        code: (err as { code?: string }).code,
      });
    client.on('error', onError);
    const sessionLocks: string[] = [];
    let begun = false;
    let broken = false;
    const begin = async () => {
      if (begun) return;
      begun = true;
      await pgQuery(client, target, beginSql);
    };
    const tx: SqlTransaction = {
      dialect: postgresDialect,
      all: async <R>(sql: string, params?: SqlParam[]) => {
        await begin();
        return (await pgQuery<R>(client, target, sql, params)).rows;
      },
      first: async <R>(sql: string, params?: SqlParam[]) => {
        await begin();
        return (await pgQuery<R>(client, target, sql, params)).rows[0];
      },
      run: async (sql: string, params?: SqlParam[]) => {
        await begin();
        return { changes: (await pgQuery(client, target, sql, params)).rowCount ?? 0 };
      },
      exec: async (sql: string) => {
        await begin();
        try {
          await client.query(sql);
        } catch (err) {
          throw translateError(err, target);
        }
      },
      lock: async (key: string) => {
        if (begun) {
          await pgQuery(client, target, lockSql('xact'), [key]);
          return;
        }
        await pgQuery(client, target, lockSql('session'), [key]);
        sessionLocks.push(key);
      },
    };
    try {
      const result = await work(tx);
      if (begun) await pgQuery(client, target, 'COMMIT');
      return result;
    } catch (err) {
      broken = isConnectionError(err);
      if (begun && !broken) await client.query('ROLLBACK').catch(() => undefined);
      if (!isRetryableConflict(err) || attempt >= MAX_TRANSACTION_ATTEMPTS) throw err;
    } finally {
      for (const key of sessionLocks.splice(0)) {
        if (broken) break;
        await pgQuery(client, target, 'SELECT pg_advisory_unlock(hashtextextended(?, 0))', [
          key,
        ]).catch(() => {
          // A lock that cannot be released goes with its connection: destroy it below.
          broken = true;
        });
      }
      client.off('error', onError);
      client.release(broken ? true : undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt)));
  }
}
