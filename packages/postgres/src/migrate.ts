import type pg from 'pg';
import type { PgDatabase } from './pg-database.js';
import { pgQuery } from './query.js';

/** One numbered schema step (the same shape as the SQLite runner's `Migration`). */
export interface PgMigration {
  /** Its number; the same id as its SQLite twin. */
  id: number;
  /** A short name, kept in `schema_migrations`. */
  name: string;
  /** The SQL script of the step. */
  up: string;
}

/** The advisory-lock key every migrating process waits on. */
export const MIGRATION_LOCK_KEY = 'mapsmith:migrations';

/**
 * Applies every step not yet recorded in `schema_migrations`, each in its own transaction
 * with its record, and returns the ids applied. Runs on one dedicated connection holding a
 * session `pg_advisory_lock`, so when several nodes start (or `mapsmith migrate` runs twice)
 * at once, one applies the steps and the others wait, then find nothing left to do.
 */
export async function migratePostgres(
  db: PgDatabase,
  migrations: readonly PgMigration[],
): Promise<number[]> {
  const client = await db.checkout();
  // A connection lost mid-step fails the step's query; the event itself needs no more.
  const ignore = () => undefined;
  client.on('error', ignore);
  const q = (sql: string, params?: (string | number)[]) => pgQuery(client, db.target, sql, params);
  let broken = false;
  try {
    await q('SELECT pg_advisory_lock(hashtextextended(?, 0))', [MIGRATION_LOCK_KEY]);
    await q(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         id BIGINT PRIMARY KEY, name TEXT NOT NULL,
         applied_at TEXT NOT NULL
           DEFAULT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`,
    );
    const done = new Set(
      (await q('SELECT id FROM schema_migrations')).rows.map((r) => Number(r.id)),
    );
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.id)) continue;
      await applyStep(client, q, migration);
      applied.push(migration.id);
    }
    return applied;
  } catch (err) {
    broken = true;
    throw err;
  } finally {
    // The session lock goes with the connection when it is destroyed (a failed step).
    if (!broken)
      await q('SELECT pg_advisory_unlock(hashtextextended(?, 0))', [MIGRATION_LOCK_KEY]).catch(
        () => {
          broken = true;
        },
      );
    client.off('error', ignore);
    client.release(broken ? true : undefined);
  }
}

async function applyStep(
  client: pg.PoolClient,
  q: (sql: string, params?: (string | number)[]) => Promise<unknown>,
  migration: PgMigration,
): Promise<void> {
  await q('BEGIN');
  try {
    await client.query(migration.up);
    await q('INSERT INTO schema_migrations (id, name) VALUES (?, ?)', [
      migration.id,
      migration.name,
    ]);
    await q('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw new Error(
      `Postgres migration ${migration.id} (${migration.name}) failed: ${(err as Error).message}`,
      { cause: err },
    );
  }
}
