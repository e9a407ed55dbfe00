import { auditStoppedNote, lockedTransaction } from '@mapsmith/app';
import { type Clock, plural, type SqlDatabase } from '@mapsmith/core';
import type { AuditQueue, AuditRunSummary, ClaimedAudit } from '../ports-pro.js';
import { SqlLeasedQueue } from './leased-queue.js';
import { failWornOut } from './worn-out.js';

export type { AuditRunSummary, ClaimedAudit } from '../ports-pro.js';

/** What a claim returns of the job's row (after the claim: `attempts` counts it). */
interface ClaimRow {
  id: string;
  user_id: number;
  source: string;
  source_url: string | null;
  listed: number | boolean;
  attempts: number;
}

/** A job a worker may take: pending, or running on a lease that expired. */
const CLAIMABLE = "(status = 'pending' OR (status = 'running' AND lease_expires_at < ?))";

/** Claim statements tried before giving up until the next poll (others kept winning). */
const CLAIM_TRIES = 8;

/** Serialises claims across processes: the per-user cap is read, then written. */
const CLAIM_LOCK = 'audit-queue:claim';

/**
 * A pending job whose owner already runs `?` audits (unexpired leases) waits: one user's
 * audits never take every worker (issue 30, point 7). An interrupted job resumes regardless.
 */
const UNDER_USER_CAP = `(status <> 'pending' OR (SELECT COUNT(*) FROM audit_jobs AS r
    WHERE r.user_id = audit_jobs.user_id AND r.status = 'running' AND r.lease_expires_at >= ?) < ?)`;

/** The note a completed audit shows for how its run ended; null when it just ended. */
function endNote(summary: AuditRunSummary): string | null {
  if (summary.endedBy === 'refused')
    return 'The audit stopped at your monthly page limit; the URLs checked so far are shown.';
  if (summary.endedBy === 'time') {
    const ms = summary.timeBudgetMs ?? 0;
    const limit = ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`;
    return `The audit stopped at its time limit of ${limit}; the URLs checked so far are shown.`;
  }
  if (summary.endedBy === 'stopped') return auditStoppedNote(summary.checked ?? summary.saved);
  return null;
}

/**
 * The audit queue in SQL (SQLite or Postgres): the `audit_jobs` table with a lease per running
 * job, claimed, renewed, expired and released like the crawl queue, so the same worker pool
 * runs it. Every change is one conditional statement, so workers of many processes racing for
 * one job see exactly one of them take it.
 */
export class SqlAuditQueue extends SqlLeasedQueue implements AuditQueue {
  /** Uses `clock` for leases and timestamps. */
  constructor(db: SqlDatabase, clock: Pick<Clock, 'now'>) {
    super(db, clock, 'audit_jobs', 'id');
  }

  /**
   * Fails the claimable jobs out of attempts, then takes the oldest claimable one whose owner
   * runs fewer than `perUserCap` audits, with one conditional UPDATE under the claim lock (the
   * cap is read, then written, so claims of every process take their turn).
   */
  async claim(
    owner: string,
    leaseMs: number,
    maxAttempts: number,
    perUserCap = Number.MAX_SAFE_INTEGER,
  ): Promise<ClaimedAudit | null> {
    const now = this.clock.now();
    await failWornOut<{ attempts: number; checked: number }>(
      this.db,
      {
        table: 'audit_jobs',
        key: 'id',
        columns: 'id, attempts, checked',
        claimable: CLAIMABLE,
        message: (job) =>
          `The audit was interrupted ${plural(job.attempts, 'time')} by a server restart and was stopped; ${plural(job.checked, 'URL')} had been checked. Please start it again.`,
      },
      now,
      maxAttempts,
    );
    for (let i = 0; i < CLAIM_TRIES; i++) {
      // A write that returns rows runs in a transaction: SQLite reads outside one are read-only.
      const row = await lockedTransaction(this.db, CLAIM_LOCK, (tx) =>
        tx.first<ClaimRow>(
          `UPDATE audit_jobs SET status = 'running', attempts = attempts + 1, lease_owner = ?,
                lease_expires_at = ?
          WHERE ${CLAIMABLE} AND attempts < ? AND id =
            (SELECT id FROM audit_jobs WHERE ${CLAIMABLE} AND attempts < ? AND ${UNDER_USER_CAP}
              ORDER BY created_ms, rowid LIMIT 1)
          RETURNING id, user_id, source, source_url, listed, attempts`,
          [owner, now + leaseMs, now, maxAttempts, now, maxAttempts, now, perUserCap],
        ),
      );
      if (row)
        return {
          job: {
            id: row.id,
            userId: row.user_id,
            source: row.source,
            sourceUrl: row.source_url,
            listed: Boolean(row.listed),
          },
          // Only a claim takes a job to running, so a second attempt means an earlier one ran.
          resumed: row.attempts > 1,
        };
      const left = await this.db.first<{ id: string }>(
        `SELECT id FROM audit_jobs WHERE ${CLAIMABLE} AND attempts < ? AND ${UNDER_USER_CAP} LIMIT 1`,
        [now, maxAttempts, now, perUserCap],
      );
      if (!left) return null;
    }
    return null;
  }

  /**
   * The results stay; a job ended by the quota or its time budget says so in its error, after
   * the listing's note (why the listing was cut), which it keeps.
   */
  async complete(jobId: string, owner: string, summary: AuditRunSummary): Promise<void> {
    await this.finish(jobId, owner, 'completed', endNote(summary), true);
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
    keepNote = false,
  ): Promise<void> {
    // A completed job keeps the listing's note and adds its own after it.
    const set = !keepNote
      ? 'error = ?'
      : error === null
        ? 'error = error'
        : "error = CASE WHEN error IS NULL THEN ? ELSE error || ' ' || ? END";
    const errorParams = !keepNote ? [error] : error === null ? [] : [error, error];
    await this.db.run(
      `UPDATE audit_jobs SET status = ?, ${set}, finished_at = ?, content = NULL,
              lease_owner = NULL, lease_expires_at = NULL
        WHERE id = ? AND lease_owner = ? AND status = 'running'`,
      [status, ...errorParams, new Date(this.clock.now()).toISOString(), jobId, owner],
    );
  }
}
