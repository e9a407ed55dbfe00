import type {
  Clock,
  SitemapCompareRun,
  SitemapCompareState,
  SitemapCompareSummary,
  SqlDatabase,
} from '@mapsmith/core';
import { interruptedText } from '../jobs/interrupted.js';
import type { ClaimedLease, LeasedJobs } from '../jobs/leased-jobs.js';
import type { LeasedTable } from '../jobs/leased-table.js';
import { SqlLeasedJobs } from '../jobs/sql-leased-jobs.js';
import { lockedTransaction } from '../sql/transactions.js';
import type { CompareJobs, CompareStart } from './ports.js';

/** A crawl's live-sitemap comparison job a worker holds the claim of (issue 30, point 8). */
export type ClaimedCompare = ClaimedLease<{ id: string; userId: number }>;

/**
 * The live-sitemap comparison jobs (one per crawl, `id` is the crawl's id): the comparison kind
 * of the leased-job engine, so the same worker pool runs them outside the request; one user
 * waits or runs one comparison at a time. Its `start` and `run` are the use cases' `CompareJobs`.
 */
export interface SitemapCompareQueue
  extends LeasedJobs<{ id: string; userId: number }, SitemapCompareSummary>,
    CompareJobs {}

/** The row's status as the contract names it. */
const STATES: Readonly<Record<string, SitemapCompareState>> = {
  pending: 'waiting',
  running: 'comparing',
  completed: 'done',
  failed: 'failed',
};

/** Serialises starts across processes: a user's comparisons under way are read, then written. */
const START_LOCK = 'sitemap-compare:start';

function runOf(row: { status: string; error: string | null }): SitemapCompareRun {
  return { state: STATES[row.status] ?? 'failed', error: row.error };
}

/** What a claim reads of a `sitemap_compare_jobs` row. */
interface CompareRow {
  job_id: string;
  user_id: number;
  status: string;
  attempts: number;
}

/**
 * The comparison kind: `sitemap_compare_jobs`, keyed by the crawl, held as `'running'`. Its
 * findings' writer fences them with it (`fenceClaim`).
 */
export const COMPARE_TABLE: LeasedTable<
  CompareRow,
  { id: string; userId: number },
  SitemapCompareSummary
> = {
  table: 'sitemap_compare_jobs',
  key: 'job_id',
  running: 'running',
  columns: 'job_id, user_id, status, attempts',
  order: 'created_ms, job_id',
  lock: 'sitemap-compare:claim',
  toJob: (row) => ({ id: row.job_id, userId: row.user_id }),
  interrupted: (row) => interruptedText('comparison', row.attempts, null),
  // The findings are saved by the run; the previous ones, if any, stay on a failure.
  outcome: (end) => ({ set: 'error = ?', params: [end.status === 'failed' ? end.reason : null] }),
};

/** The live-sitemap comparison jobs in SQL (issue 30, point 8). */
export class SqlSitemapCompareQueue
  extends SqlLeasedJobs<CompareRow, { id: string; userId: number }, SitemapCompareSummary>
  implements SitemapCompareQueue
{
  /** Uses `clock` for leases and timestamps. */
  constructor(db: SqlDatabase, clock: Pick<Clock, 'now'>) {
    super(db, clock, COMPARE_TABLE);
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
           lease_owner = NULL, lease_expires_at = NULL, claim_token = NULL, finished_at = NULL,
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
}
