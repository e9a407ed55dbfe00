import type { Clock } from '@mapsmith/core';
import type { Database } from '../../db/database.js';
import type { PoolQueue } from '../../jobs/worker-pool.js';
import type { AuditJobRecord } from './audit-jobs.js';

/** An audit job a worker holds the lease of. */
export interface ClaimedAudit {
  job: AuditJobRecord;
  /** True when an earlier attempt was interrupted; its saved results stay saved. */
  resumed: boolean;
}

/** How an audit run ended, recorded with the job. */
export interface AuditRunSummary {
  /** URLs checked by this run. */
  saved: number;
  /** `done`, or `refused` when the owner's monthly quota ran out. */
  endedBy: 'done' | 'refused';
}

interface ClaimRow {
  id: string;
  user_id: number;
  source: string;
  source_url: string | null;
  listed: number;
  status: string;
  attempts: number;
  checked: number;
}

/**
 * The audit queue in SQLite: the `audit_jobs` table with a lease per running job, claimed,
 * renewed, expired and released exactly like the crawl queue, so the same worker pool runs it.
 */
export class SqliteAuditQueue implements PoolQueue<ClaimedAudit, AuditRunSummary> {
  /** Uses `clock` for leases and timestamps. */
  constructor(
    private readonly db: Database,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  /** One immediate transaction, so two workers never take the same job. */
  claim(owner: string, leaseMs: number, maxAttempts: number): Promise<ClaimedAudit | null> {
    return this.db.transaction(async (tx) => {
      const now = this.clock.now();
      for (;;) {
        const row = await tx.first<ClaimRow>(
          `SELECT id, user_id, source, source_url, listed, status, attempts, checked FROM audit_jobs
            WHERE status = 'pending' OR (status = 'running' AND lease_expires_at < ?)
            ORDER BY created_ms, rowid LIMIT 1`,
          [now],
        );
        if (!row) return null;
        if (row.attempts >= maxAttempts) {
          await tx.run(
            `UPDATE audit_jobs SET status = 'failed', error = ?, finished_at = ?,
                    lease_owner = NULL, lease_expires_at = NULL WHERE id = ?`,
            [
              `The audit was interrupted ${row.attempts} times by a server restart and was stopped; ${row.checked} URLs had been checked. Please start it again.`,
              new Date(now).toISOString(),
              row.id,
            ],
          );
          continue;
        }
        await tx.run(
          `UPDATE audit_jobs SET status = 'running', attempts = attempts + 1, lease_owner = ?,
                  lease_expires_at = ? WHERE id = ?`,
          [owner, now + leaseMs, row.id],
        );
        return {
          job: {
            id: row.id,
            userId: row.user_id,
            source: row.source,
            sourceUrl: row.source_url,
            listed: row.listed === 1,
          },
          resumed: row.status === 'running' || row.attempts > 0,
        };
      }
    });
  }

  /** Extends only a lease still held by `owner`. */
  async heartbeat(jobId: string, owner: string, leaseMs: number): Promise<boolean> {
    const { changes } = await this.db.run(
      `UPDATE audit_jobs SET lease_expires_at = ?
        WHERE id = ? AND lease_owner = ? AND status = 'running'`,
      [this.clock.now() + leaseMs, jobId, owner],
    );
    return changes === 1;
  }

  /** The results stay; a job ended by the quota says so in its error. */
  async complete(jobId: string, owner: string, summary: AuditRunSummary): Promise<void> {
    const note =
      summary.endedBy === 'refused'
        ? 'The audit stopped at your monthly page limit; the URLs checked so far are shown.'
        : null;
    await this.finish(jobId, owner, 'completed', note);
  }

  /** Keeps the results saved so far. */
  async fail(jobId: string, owner: string, reason: string): Promise<void> {
    await this.finish(jobId, owner, 'failed', reason);
  }

  private async finish(
    jobId: string,
    owner: string,
    status: 'completed' | 'failed',
    error: string | null,
  ): Promise<void> {
    await this.db.run(
      `UPDATE audit_jobs SET status = ?, error = ?, finished_at = ?, content = NULL,
              lease_owner = NULL, lease_expires_at = NULL
        WHERE id = ? AND lease_owner = ? AND status = 'running'`,
      [status, error, new Date(this.clock.now()).toISOString(), jobId, owner],
    );
  }

  /** Nothing to sweep: an audit's URL rows are its results and stay with the job. */
  async sweepFrontiers(): Promise<number> {
    return 0;
  }

  /** Reads the owners of running jobs, then expires the leases of those that are gone. */
  async expireLeasesOf(isGone: (owner: string) => boolean): Promise<number> {
    const owners = await this.db.all<{ lease_owner: string }>(
      "SELECT DISTINCT lease_owner FROM audit_jobs WHERE status = 'running' AND lease_owner IS NOT NULL",
    );
    let expired = 0;
    for (const { lease_owner: owner } of owners) {
      if (!isGone(owner)) continue;
      const { changes } = await this.db.run(
        "UPDATE audit_jobs SET lease_expires_at = 0 WHERE status = 'running' AND lease_owner = ?",
        [owner],
      );
      expired += changes;
    }
    return expired;
  }

  /** Graceful shutdown: the jobs wait as pending, resumable, and the stop is not counted. */
  async release(owner: string): Promise<number> {
    const { changes } = await this.db.run(
      `UPDATE audit_jobs SET status = 'pending', attempts = MAX(attempts - 1, 0),
              lease_owner = NULL, lease_expires_at = NULL
        WHERE status = 'running' AND lease_owner = ?`,
      [owner],
    );
    return changes;
  }
}
