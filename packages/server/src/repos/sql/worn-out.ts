import type { SqlDatabase } from '@mapsmith/core';

/** A queue table whose jobs are failed once out of attempts. */
export interface WornOutTable<Row> {
  table: 'audit_jobs' | 'sitemap_compare_jobs';
  /** The key column. */
  key: 'id' | 'job_id';
  /** The columns the message reads, the key and `attempts` included. */
  columns: string;
  /** The claimable condition, with one `?` for now. */
  claimable: string;
  /** The error the failed job carries, in words whose counts agree (walkthrough defect 43). */
  message: (row: Row) => string;
}

/**
 * Fails the claimable jobs out of attempts, each with its own message: the message is written
 * here, not in SQL, so its counts come from the one count helper ("1 time", "1 URL"). The
 * update repeats the condition, so a job another process claimed or failed meanwhile is left.
 */
export async function failWornOut<Row extends { attempts: number }>(
  db: SqlDatabase,
  spec: WornOutTable<Row>,
  now: number,
  maxAttempts: number,
): Promise<void> {
  const { table, key, claimable } = spec;
  const rows = await db.all<Row & Record<string, string | number>>(
    `SELECT ${spec.columns} FROM ${table} WHERE ${claimable} AND attempts >= ?`,
    [now, maxAttempts],
  );
  for (const row of rows)
    await db.run(
      `UPDATE ${table} SET status = 'failed', finished_at = ?, lease_owner = NULL,
              lease_expires_at = NULL, error = ?
        WHERE ${key} = ? AND ${claimable} AND attempts >= ?`,
      [new Date(now).toISOString(), spec.message(row), row[key] as string, now, maxAttempts],
    );
}
