import { type Clock, type CrawlSummary, plural, type SqlDatabase } from '@mapsmith/core';
import type { CrawlJobRecord, JobQueue } from '../crawl/ports.js';
import { interruptedText } from '../jobs/interrupted.js';
import type { LeasedTable } from '../jobs/leased-table.js';
import { SqlLeasedJobs } from '../jobs/sql-leased-jobs.js';
import { NO_SECRET_BOX, type SecretBox } from '../secrets/secret-box.js';
import { type CrawlJobRow, JOB_COLUMNS, NOT_PAUSED, toJob } from './rows.js';

/** The error of a crawl claimed once more than allowed (see `interruptedText`). */
export function interruptedTooOften(attempts: number, pagesStored: number): string {
  return interruptedText('crawl', attempts, `${plural(pagesStored, 'page')} had been stored`);
}

/** The crawl kind of the leased-job engine: `crawl_jobs`, held as `'crawling'`. */
function crawlTable(box: SecretBox): LeasedTable<CrawlJobRow, CrawlJobRecord, CrawlSummary> {
  return {
    table: 'crawl_jobs',
    key: 'id',
    running: 'crawling',
    claimable: NOT_PAUSED,
    columns: JOB_COLUMNS,
    order: 'created_ms, rowid',
    lock: 'crawl-queue:claim',
    onClaim: (now) => ({
      set: 'started_at = COALESCE(started_at, ?), started_ms = COALESCE(started_ms, ?)',
      params: [new Date(now).toISOString(), now],
    }),
    toJob: (row) => toJob(row, box),
    interrupted: (row) => interruptedTooOften(row.attempts, row.pages_crawled),
    outcome: (end, now) => ({
      set: 'error = ?, summary = ?, duration_ms = ? - started_ms',
      params:
        end.status === 'completed'
          ? [null, JSON.stringify(end.summary), now]
          : [end.reason, null, now],
    }),
    // The frontier is dropped once the job is done: only the pages are kept.
    afterEnd: (db, id) => db.run('DELETE FROM crawl_frontier WHERE job_id = ?', [id]),
  };
}

/**
 * The embedded crawl queue: the `crawl_jobs` table on the leased-job engine, with a lease per
 * running job and a fresh claim token per claim that fences the holder's writes.
 */
export class SqlJobQueue
  extends SqlLeasedJobs<CrawlJobRow, CrawlJobRecord, CrawlSummary>
  implements JobQueue
{
  /** Uses `clock` for leases and timestamps, `box` to open a claimed job's credentials. */
  constructor(db: SqlDatabase, clock: Pick<Clock, 'now'>, box: SecretBox = NO_SECRET_BOX) {
    super(db, clock, crawlTable(box));
  }

  /** Deletes the frontier rows of jobs that are over (a failed claim, a full disk). */
  override async sweepFrontiers(): Promise<number> {
    const { changes } = await this.db.run(
      `DELETE FROM crawl_frontier WHERE job_id IN
         (SELECT id FROM crawl_jobs WHERE status IN ('completed', 'failed'))`,
    );
    return changes;
  }
}
