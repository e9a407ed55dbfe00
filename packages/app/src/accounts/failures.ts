import type { SqlDatabase, SqlQueryable } from '@mapsmith/core';
import type { FailureLog, FailureStats } from './ports.js';

/**
 * Failures kept as `rate_events` under `failure:<key>`, the table of the rolling limits, so
 * every server process counts the same failures and the daily retention prunes them too.
 */
export class SqlFailureLog implements FailureLog {
  /** Reads and writes through `db`. */
  constructor(private readonly db: SqlDatabase) {}

  /** One transaction for the keys of one failed attempt. */
  async record(keys: string[], atMs: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const key of keys) {
        await tx.run('INSERT INTO rate_events (bucket, at_ms) VALUES (?, ?)', [bucket(key), atMs]);
      }
    });
  }

  /** The `nth` latest is what a limit of n waits on: it ages out last of the n newest. */
  recent(key: string, sinceMs: number, nth = 1): Promise<FailureStats> {
    return statsOf(this.db, key, sinceMs, nth);
  }

  /**
   * The locks come first, before any read: on Postgres that is before the transaction's
   * snapshot, so each attempt sees the provisional failures of the ones before it.
   */
  attempt(
    keys: ReadonlyArray<{ key: string; nth?: number }>,
    sinceMs: number,
    atMs: number,
    decide: (stats: ReadonlyMap<string, FailureStats>) => number,
  ): Promise<{ wait: number; ticket: number[] }> {
    return this.db.transaction(async (tx) => {
      for (const { key } of keys) await tx.lock(bucket(key));
      const stats = new Map<string, FailureStats>();
      for (const { key, nth } of keys) stats.set(key, await statsOf(tx, key, sinceMs, nth ?? 1));
      const wait = decide(stats);
      if (wait > 0) return { wait, ticket: [] };
      const ticket: number[] = [];
      for (const { key } of keys) {
        const row = await tx.first<{ id: number }>(
          'INSERT INTO rate_events (bucket, at_ms) VALUES (?, ?) RETURNING id',
          [bucket(key), atMs],
        );
        if (row) ticket.push(Number(row.id));
      }
      return { wait: 0, ticket };
    });
  }

  /** By id, so failures recorded meanwhile by others stay. */
  async withdraw(ticket: readonly number[]): Promise<void> {
    if (ticket.length === 0) return;
    await this.db.run(`DELETE FROM rate_events WHERE id IN (${ticket.map(() => '?').join(', ')})`, [
      ...ticket,
    ]);
  }

  /** A success or a reset forgets them. */
  async clear(key: string): Promise<void> {
    await this.db.run('DELETE FROM rate_events WHERE bucket = ?', [bucket(key)]);
  }
}

async function statsOf(
  q: SqlQueryable,
  key: string,
  sinceMs: number,
  nth: number,
): Promise<FailureStats> {
  const stats = await q.first<{ n: number; latest: number | null }>(
    'SELECT COUNT(*) AS n, MAX(at_ms) AS latest FROM rate_events WHERE bucket = ? AND at_ms > ?',
    [bucket(key), sinceMs],
  );
  const count = Number(stats?.n ?? 0);
  const latest = stats?.latest == null ? null : Number(stats.latest);
  let nthLatest: number | null = null;
  if (count >= nth) {
    const row = await q.first<{ at_ms: number }>(
      `SELECT at_ms FROM rate_events WHERE bucket = ? AND at_ms > ?
        ORDER BY at_ms DESC LIMIT 1 OFFSET ?`,
      [bucket(key), sinceMs, nth - 1],
    );
    nthLatest = row ? Number(row.at_ms) : null;
  }
  return { count, latest, nthLatest };
}

function bucket(key: string): string {
  return `failure:${key}`;
}
