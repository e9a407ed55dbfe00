import type { Clock, CrawlSummary } from '@mapsmith/core';
import type { Database } from '../../db/database.js';
import type { ClaimedJob, JobQueue } from '../types.js';
import { type CrawlJobRow, JOB_COLUMNS, toJob } from './rows.js';

/** The job queue in SQLite: the `crawl_jobs` table itself, with a lease per running job. */
export class SqliteJobQueue implements JobQueue {
  /** Uses `clock` for leases and timestamps. */
  constructor(
    private readonly db: Database,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  /** One immediate transaction, so two workers can never take the same job. */
  claim(
    owner: string,
    leaseMs: number,
    maxAttempts: number,
    perUserCap = Number.MAX_SAFE_INTEGER,
  ): Promise<ClaimedJob | null> {
    return this.db.transaction(async (tx) => {
      const now = this.clock.now();
      for (;;) {
        // An interrupted job resumes whatever its owner runs: it was running before.
        const row = await tx.first<CrawlJobRow>(
          `SELECT ${JOB_COLUMNS} FROM crawl_jobs AS j
            WHERE (status = 'crawling' AND lease_expires_at < ?)
               OR (status = 'pending' AND
                   (SELECT COUNT(*) FROM crawl_jobs AS r
                     WHERE r.user_id = j.user_id AND r.status = 'crawling'
                       AND r.lease_expires_at >= ?) < ?)
            ORDER BY created_ms, rowid LIMIT 1`,
          [now, now, perUserCap],
        );
        if (!row) return null;
        const iso = new Date(now).toISOString();
        if (row.attempts >= maxAttempts) {
          await tx.run(
            `UPDATE crawl_jobs SET status = 'failed', error = ?, finished_at = ?,
                    lease_owner = NULL, lease_expires_at = NULL WHERE id = ?`,
            [
              `The crawl was interrupted ${row.attempts} times by a server restart and was stopped; ${row.pages_crawled} pages had been stored. Please start it again.`,
              iso,
              row.id,
            ],
          );
          continue;
        }
        const resumed = row.status === 'crawling' || row.attempts > 0;
        const claimed = await tx.first<CrawlJobRow>(
          `UPDATE crawl_jobs SET status = 'crawling', attempts = attempts + 1, lease_owner = ?,
                  lease_expires_at = ?, started_at = COALESCE(started_at, ?),
                  started_ms = COALESCE(started_ms, ?)
            WHERE id = ? RETURNING ${JOB_COLUMNS}`,
          [owner, now + leaseMs, iso, now, row.id],
        );
        if (!claimed) return null;
        return { job: toJob(claimed), resumed };
      }
    });
  }

  /** Extends only a lease still held by `owner`. */
  async heartbeat(jobId: string, owner: string, leaseMs: number): Promise<boolean> {
    const { changes } = await this.db.run(
      `UPDATE crawl_jobs SET lease_expires_at = ?
        WHERE id = ? AND lease_owner = ? AND status = 'crawling'`,
      [this.clock.now() + leaseMs, jobId, owner],
    );
    return changes === 1;
  }

  /** The frontier is dropped once the job is done: only the pages are kept. */
  async complete(jobId: string, owner: string, summary: CrawlSummary): Promise<void> {
    await this.finish(jobId, owner, 'completed', null, JSON.stringify(summary));
  }

  /** Keeps the pages stored so far, for the report. */
  async fail(jobId: string, owner: string, reason: string): Promise<void> {
    await this.finish(jobId, owner, 'failed', reason, null);
  }

  private async finish(
    jobId: string,
    owner: string,
    status: 'completed' | 'failed',
    error: string | null,
    summary: string | null,
  ): Promise<void> {
    const now = this.clock.now();
    const { changes } = await this.db.run(
      `UPDATE crawl_jobs SET status = ?, error = ?, summary = ?, finished_at = ?,
              duration_ms = ? - started_ms,
              lease_owner = NULL, lease_expires_at = NULL
        WHERE id = ? AND lease_owner = ? AND status = 'crawling'`,
      [status, error, summary, new Date(now).toISOString(), now, jobId, owner],
    );
    // Apart from the status: on a full disk, deleting a large frontier needs journal room the
    // small update does not, and the job's outcome matters more. `sweepFrontiers` catches up.
    if (changes === 1)
      await this.db
        .run('DELETE FROM crawl_frontier WHERE job_id = ?', [jobId])
        .catch(() => undefined);
  }

  /** Deletes the frontier rows of jobs that are over (a failed claim, a full disk). */
  async sweepFrontiers(): Promise<number> {
    const { changes } = await this.db.run(
      `DELETE FROM crawl_frontier WHERE job_id IN
         (SELECT id FROM crawl_jobs WHERE status IN ('completed', 'failed'))`,
    );
    return changes;
  }

  /** Reads the owners of running jobs, then expires the leases of those that are gone. */
  async expireLeasesOf(isGone: (owner: string) => boolean): Promise<number> {
    const owners = await this.db.all<{ lease_owner: string }>(
      "SELECT DISTINCT lease_owner FROM crawl_jobs WHERE status = 'crawling' AND lease_owner IS NOT NULL",
    );
    let expired = 0;
    for (const { lease_owner: owner } of owners) {
      if (!isGone(owner)) continue;
      const { changes } = await this.db.run(
        "UPDATE crawl_jobs SET lease_expires_at = 0 WHERE status = 'crawling' AND lease_owner = ?",
        [owner],
      );
      expired += changes;
    }
    return expired;
  }

  /** Graceful shutdown: the jobs wait as pending, resumable, and the stop is not counted. */
  async release(owner: string): Promise<number> {
    const { changes } = await this.db.run(
      `UPDATE crawl_jobs SET status = 'pending', attempts = MAX(attempts - 1, 0),
              lease_owner = NULL, lease_expires_at = NULL
        WHERE status = 'crawling' AND lease_owner = ?`,
      [owner],
    );
    return changes;
  }
}
