import type { SqlDatabase } from '@mapsmith/core';
import type { FailureLog } from '../../ports-accounts.js';

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
  async recent(
    key: string,
    sinceMs: number,
    nth = 1,
  ): Promise<{ count: number; latest: number | null; nthLatest: number | null }> {
    const stats = await this.db.first<{ n: number; latest: number | null }>(
      'SELECT COUNT(*) AS n, MAX(at_ms) AS latest FROM rate_events WHERE bucket = ? AND at_ms > ?',
      [bucket(key), sinceMs],
    );
    const count = Number(stats?.n ?? 0);
    const latest = stats?.latest == null ? null : Number(stats.latest);
    let nthLatest: number | null = null;
    if (count >= nth) {
      const row = await this.db.first<{ at_ms: number }>(
        `SELECT at_ms FROM rate_events WHERE bucket = ? AND at_ms > ?
          ORDER BY at_ms DESC LIMIT 1 OFFSET ?`,
        [bucket(key), sinceMs, nth - 1],
      );
      nthLatest = row ? Number(row.at_ms) : null;
    }
    return { count, latest, nthLatest };
  }

  /** A success or a reset forgets them. */
  async clear(key: string): Promise<void> {
    await this.db.run('DELETE FROM rate_events WHERE bucket = ?', [bucket(key)]);
  }
}

function bucket(key: string): string {
  return `failure:${key}`;
}
