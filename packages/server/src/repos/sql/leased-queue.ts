import type { Clock, SqlDatabase } from '@mapsmith/core';

/**
 * The lease statements a leased job table shares (audits, live-sitemap comparisons): a table
 * with `status`, `attempts`, `lease_owner` and `lease_expires_at`, keyed by `key`. Each change
 * is one conditional statement, so workers of many processes see exactly one of them win.
 */
export abstract class SqlLeasedQueue {
  /** Leases rows of `table` (trusted names, never input), keyed by its column `key`. */
  constructor(
    protected readonly db: SqlDatabase,
    protected readonly clock: Pick<Clock, 'now'>,
    private readonly table: string,
    private readonly key: string,
  ) {}

  /** Extends only a lease still held by `owner`. */
  async heartbeat(id: string, owner: string, leaseMs: number): Promise<boolean> {
    const { changes } = await this.db.run(
      `UPDATE ${this.table} SET lease_expires_at = ?
        WHERE ${this.key} = ? AND lease_owner = ? AND status = 'running'`,
      [this.clock.now() + leaseMs, id, owner],
    );
    return changes === 1;
  }

  /** Reads the owners of running jobs, then expires the leases of those that are gone. */
  async expireLeasesOf(isGone: (owner: string) => boolean): Promise<number> {
    const owners = await this.db.all<{ lease_owner: string }>(
      `SELECT DISTINCT lease_owner FROM ${this.table}
        WHERE status = 'running' AND lease_owner IS NOT NULL`,
    );
    let expired = 0;
    for (const { lease_owner: owner } of owners) {
      if (!isGone(owner)) continue;
      const { changes } = await this.db.run(
        `UPDATE ${this.table} SET lease_expires_at = 0 WHERE status = 'running' AND lease_owner = ?`,
        [owner],
      );
      expired += changes;
    }
    return expired;
  }

  /** Graceful shutdown: the jobs wait as pending, resumable, and the stop is not counted. */
  async release(owner: string): Promise<number> {
    const { changes } = await this.db.run(
      `UPDATE ${this.table} SET status = 'pending',
              attempts = ${this.db.dialect.greatest('attempts - 1', '0')},
              lease_owner = NULL, lease_expires_at = NULL
        WHERE status = 'running' AND lease_owner = ?`,
      [owner],
    );
    return changes;
  }

  /** Nothing to sweep: the rows of these jobs are their results and stay with them. */
  async sweepFrontiers(): Promise<number> {
    return 0;
  }
}
