import { randomUUID } from 'node:crypto';
import { type Clock, type CrawlSummary, plural, type SqlDatabase } from '@mapsmith/core';
import type { ClaimedJob, JobQueue } from '../crawl/ports.js';
import { NO_SECRET_BOX, type SecretBox } from '../secrets/secret-box.js';
import { type CrawlJobRow, JOB_COLUMNS, NOT_PAUSED, toJob } from './rows.js';
import { lockedTransaction } from './transactions.js';

/**
 * The error of a crawl whose runs kept being cut short (a server, a worker or the desktop app
 * stopped mid-crawl each time), given when it is claimed once more than allowed.
 */
export function interruptedTooOften(attempts: number, pagesStored: number): string {
  return `The crawl was interrupted ${plural(attempts, 'time')} (each time the server or the app running it stopped) and was stopped; ${plural(pagesStored, 'page')} had been stored. Please start it again.`;
}

/** Serialises claims across processes: the per-user cap is read, then written. */
const CLAIM_LOCK = 'crawl-queue:claim';

/**
 * The embedded job queue: the `crawl_jobs` table itself, with a lease per running job and a
 * fresh claim token per claim that fences the holder's writes.
 */
export class SqlJobQueue implements JobQueue {
  /** Uses `clock` for leases and timestamps, `box` to open a claimed job's credentials. */
  constructor(
    private readonly db: SqlDatabase,
    private readonly clock: Pick<Clock, 'now'>,
    private readonly box: SecretBox = NO_SECRET_BOX,
  ) {}

  /** One transaction under the claim lock, so two workers can never take the same job. */
  claim(
    owner: string,
    leaseMs: number,
    maxAttempts: number,
    perUserCap = Number.MAX_SAFE_INTEGER,
  ): Promise<ClaimedJob | null> {
    return lockedTransaction(this.db, CLAIM_LOCK, async (tx) => {
      const now = this.clock.now();
      for (;;) {
        // An interrupted job resumes whatever its owner runs: it was running before.
        const row = await tx.first<CrawlJobRow>(
          `SELECT ${JOB_COLUMNS} FROM crawl_jobs AS j
            WHERE (status = 'crawling' AND lease_expires_at < ?)
               OR (status = 'pending' AND ${NOT_PAUSED} AND
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
                    lease_owner = NULL, lease_expires_at = NULL, claim_token = NULL WHERE id = ?`,
            [interruptedTooOften(row.attempts, row.pages_crawled), iso, row.id],
          );
          continue;
        }
        const resumed = row.status === 'crawling' || row.attempts > 0;
        const claimToken = randomUUID();
        // The new token fences off the previous holder of an expired lease at once.
        const claimed = await tx.first<CrawlJobRow>(
          `UPDATE crawl_jobs SET status = 'crawling', attempts = attempts + 1, lease_owner = ?,
                  lease_expires_at = ?, claim_token = ?, started_at = COALESCE(started_at, ?),
                  started_ms = COALESCE(started_ms, ?)
            WHERE id = ? AND ((status = 'pending' AND ${NOT_PAUSED})
                              OR (status = 'crawling' AND lease_expires_at < ?))
            RETURNING ${JOB_COLUMNS}`,
          [owner, now + leaseMs, claimToken, iso, now, row.id, now],
        );
        if (!claimed) continue;
        return { job: toJob(claimed, this.box), resumed, claimToken };
      }
    });
  }

  /** Extends only a lease still held under `claimToken`. */
  async heartbeat(jobId: string, claimToken: string, leaseMs: number): Promise<boolean> {
    const { changes } = await this.db.run(
      `UPDATE crawl_jobs SET lease_expires_at = ?
        WHERE id = ? AND claim_token = ? AND status = 'crawling'`,
      [this.clock.now() + leaseMs, jobId, claimToken],
    );
    return changes === 1;
  }

  /** The frontier is dropped once the job is done: only the pages are kept. */
  complete(jobId: string, claimToken: string, summary: CrawlSummary): Promise<boolean> {
    return this.finish(jobId, claimToken, 'completed', null, JSON.stringify(summary));
  }

  /** Keeps the pages stored so far, for the report. */
  fail(jobId: string, claimToken: string, reason: string): Promise<boolean> {
    return this.finish(jobId, claimToken, 'failed', reason, null);
  }

  private async finish(
    jobId: string,
    claimToken: string,
    status: 'completed' | 'failed',
    error: string | null,
    summary: string | null,
  ): Promise<boolean> {
    const now = this.clock.now();
    const { changes } = await this.db.run(
      `UPDATE crawl_jobs SET status = ?, error = ?, summary = ?, finished_at = ?,
              duration_ms = ? - started_ms,
              lease_owner = NULL, lease_expires_at = NULL, claim_token = NULL
        WHERE id = ? AND claim_token = ? AND status = 'crawling'`,
      [status, error, summary, new Date(now).toISOString(), now, jobId, claimToken],
    );
    // Apart from the status: on a full disk, deleting a large frontier needs journal room the
    // small update does not, and the job's outcome matters more. `sweepFrontiers` catches up.
    if (changes === 1)
      await this.db
        .run('DELETE FROM crawl_frontier WHERE job_id = ?', [jobId])
        .catch(() => undefined);
    return changes === 1;
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

  /** Like a graceful release of one job; its `pause` request stays, so it waits as paused. */
  async pause(jobId: string, claimToken: string): Promise<boolean> {
    return (await this.backToPending('id = ? AND claim_token = ?', [jobId, claimToken])) === 1;
  }

  /** Graceful shutdown: the jobs wait as pending, resumable, and the stop is not counted. */
  release(owner: string): Promise<number> {
    return this.backToPending('lease_owner = ?', [owner]);
  }

  /** Running jobs matching `where` wait again, their run not counted as an attempt. */
  private async backToPending(where: string, params: string[]): Promise<number> {
    const { changes } = await this.db.run(
      `UPDATE crawl_jobs SET status = 'pending', attempts = ${this.db.dialect.greatest('attempts - 1', '0')},
              lease_owner = NULL, lease_expires_at = NULL, claim_token = NULL
        WHERE status = 'crawling' AND ${where}`,
      params,
    );
    return changes;
  }
}
