import { lockedTransaction } from '@mapsmith/app';
import {
  type Clock,
  plural,
  type SitemapCompareRun,
  type SitemapCompareState,
  type SqlDatabase,
} from '@mapsmith/core';
import type { ClaimedCompare, CompareStart, SitemapCompareQueue } from '../ports-pro.js';
import { SqlLeasedQueue } from './leased-queue.js';
import { failWornOut } from './worn-out.js';

/** The row's status as the contract names it. */
const STATES: Readonly<Record<string, SitemapCompareState>> = {
  pending: 'waiting',
  running: 'comparing',
  completed: 'done',
  failed: 'failed',
};

/** A job a worker may take: pending, or running on a lease that expired. */
const CLAIMABLE = "(status = 'pending' OR (status = 'running' AND lease_expires_at < ?))";

/** Claim statements tried before giving up until the next poll (others kept winning). */
const CLAIM_TRIES = 8;

/** Serialises starts across processes: a user's comparisons under way are read, then written. */
const START_LOCK = 'sitemap-compare:start';

/** Serialises claims across processes, as the audit queue's. */
const CLAIM_LOCK = 'sitemap-compare:claim';

function runOf(row: { status: string; error: string | null }): SitemapCompareRun {
  return { state: STATES[row.status] ?? 'failed', error: row.error };
}

/**
 * The live-sitemap comparison jobs in SQL (issue 30, point 8): `sitemap_compare_jobs`, one row
 * per crawl with a lease while it runs, claimed, renewed, expired and released like the audit
 * queue, so the same worker pool runs it and a restart hands it over.
 */
export class SqlSitemapCompareQueue extends SqlLeasedQueue implements SitemapCompareQueue {
  /** Uses `clock` for leases and timestamps. */
  constructor(db: SqlDatabase, clock: Pick<Clock, 'now'>) {
    super(db, clock, 'sitemap_compare_jobs', 'job_id');
  }

  /** One transaction under the start lock: refuse, join, or (re)start the crawl's job. */
  start(jobId: string, userId: number): Promise<CompareStart> {
    return lockedTransaction(this.db, START_LOCK, async (tx) => {
      const other = await tx.first<{ job_id: string }>(
        `SELECT job_id FROM sitemap_compare_jobs
          WHERE user_id = ? AND job_id <> ? AND status IN ('pending', 'running') LIMIT 1`,
        [userId, jobId],
      );
      if (other) return { busyWith: other.job_id };
      const own = await tx.first<{ status: string; error: string | null }>(
        'SELECT status, error FROM sitemap_compare_jobs WHERE job_id = ?',
        [jobId],
      );
      if (own && (own.status === 'pending' || own.status === 'running')) return { run: runOf(own) };
      await tx.run(
        `INSERT INTO sitemap_compare_jobs (job_id, user_id, status, created_ms)
         VALUES (?, ?, 'pending', ?)
         ON CONFLICT (job_id) DO UPDATE SET status = 'pending', error = NULL, attempts = 0,
           lease_owner = NULL, lease_expires_at = NULL, finished_at = NULL,
           created_ms = excluded.created_ms`,
        [jobId, userId, this.clock.now()],
      );
      return { run: { state: 'waiting', error: null } };
    });
  }

  /** The crawl's comparison job, or null. */
  async run(jobId: string): Promise<SitemapCompareRun | null> {
    const row = await this.db.first<{ status: string; error: string | null }>(
      'SELECT status, error FROM sitemap_compare_jobs WHERE job_id = ?',
      [jobId],
    );
    return row ? runOf(row) : null;
  }

  /**
   * Fails the claimable jobs out of attempts, then takes the oldest claimable one with one
   * conditional UPDATE under the claim lock.
   */
  async claim(owner: string, leaseMs: number, maxAttempts: number): Promise<ClaimedCompare | null> {
    const now = this.clock.now();
    await failWornOut<{ attempts: number }>(
      this.db,
      {
        table: 'sitemap_compare_jobs',
        key: 'job_id',
        columns: 'job_id, attempts',
        claimable: CLAIMABLE,
        message: (job) =>
          `The comparison was interrupted ${plural(job.attempts, 'time')} by a server restart and was stopped. Please start it again.`,
      },
      now,
      maxAttempts,
    );
    for (let i = 0; i < CLAIM_TRIES; i++) {
      // A write that returns rows runs in a transaction: SQLite reads outside one are read-only.
      const row = await lockedTransaction(this.db, CLAIM_LOCK, (tx) =>
        tx.first<{ job_id: string; user_id: number; attempts: number }>(
          `UPDATE sitemap_compare_jobs SET status = 'running', attempts = attempts + 1,
                lease_owner = ?, lease_expires_at = ?
          WHERE ${CLAIMABLE} AND attempts < ? AND job_id =
            (SELECT job_id FROM sitemap_compare_jobs WHERE ${CLAIMABLE} AND attempts < ?
              ORDER BY created_ms, job_id LIMIT 1)
          RETURNING job_id, user_id, attempts`,
          [owner, now + leaseMs, now, maxAttempts, now, maxAttempts],
        ),
      );
      if (row) return { job: { id: row.job_id, userId: row.user_id }, resumed: row.attempts > 1 };
      const left = await this.db.first<{ job_id: string }>(
        `SELECT job_id FROM sitemap_compare_jobs WHERE ${CLAIMABLE} AND attempts < ? LIMIT 1`,
        [now, maxAttempts],
      );
      if (!left) return null;
    }
    return null;
  }

  /** The findings are saved by the run; the job says it is done. */
  async complete(jobId: string, owner: string): Promise<void> {
    await this.finish(jobId, owner, 'completed', null);
  }

  /** The previous findings, if any, stay. */
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
      `UPDATE sitemap_compare_jobs SET status = ?, error = ?, finished_at = ?,
              lease_owner = NULL, lease_expires_at = NULL
        WHERE job_id = ? AND lease_owner = ? AND status = 'running'`,
      [status, error, new Date(this.clock.now()).toISOString(), jobId, owner],
    );
  }
}
