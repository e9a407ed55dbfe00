import { randomUUID } from 'node:crypto';
import type { Clock, SqlDatabase } from '@mapsmith/core';
import { interruptedText } from '../jobs/interrupted.js';
import type { LeasedTable } from '../jobs/leased-table.js';
import { SqlLeasedJobs } from '../jobs/sql-leased-jobs.js';
import type { ScheduleRunJob, ScheduleRuns, ScheduleStep } from './ports.js';

/** What a claim reads of a `schedule_runs` row. */
interface RunRow {
  id: string;
  schedule_id: string;
  user_id: number;
  run_job_id: string | null;
  status: string;
  attempts: number;
}

/** The schedule-run kind: `schedule_runs` (step 107), held as `'running'`. */
const RUN_TABLE: LeasedTable<RunRow, ScheduleRunJob, ScheduleStep> = {
  table: 'schedule_runs',
  key: 'id',
  running: 'running',
  columns: 'id, schedule_id, user_id, run_job_id, status, attempts',
  order: 'created_ms, id',
  lock: 'schedule-runs:claim',
  toJob: (row) => ({
    id: row.id,
    scheduleId: row.schedule_id,
    userId: row.user_id,
    runJobId: row.run_job_id,
  }),
  interrupted: (row) => interruptedText('run', row.attempts, null),
  outcome: (end) =>
    end.status === 'failed'
      ? { set: 'error = ?', params: [end.reason] }
      : { set: 'outcome = ?', params: [end.summary] },
};

/**
 * The schedules that need a step at the bound time and have no open one: due to start (unpaused,
 * no run going), or with a run whose crawl ended (or was deleted). Most overdue first.
 */
const NEEDING_A_STEP = `
  SELECT s.id, s.user_id, s.running_job_id, s.next_run_ms FROM crawl_schedules s
   WHERE NOT EXISTS (SELECT 1 FROM schedule_runs r
                      WHERE r.schedule_id = s.id AND r.status IN ('pending', 'running'))
     AND ((s.running_job_id IS NULL AND s.paused = 0 AND s.next_run_ms <= ?)
       OR (s.running_job_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM crawl_jobs j
            WHERE j.id = s.running_job_id AND j.status NOT IN ('completed', 'failed'))))
   ORDER BY s.next_run_ms LIMIT ?`;

/**
 * The schedule runs in SQL (SQLite or Postgres): the schedule kind of the leased-job engine, so
 * its invariants hold for every step of a schedule. `enqueue` adds the steps the schedules need;
 * a schedule never has two open steps (the unique index `schedule_runs_open`), so of several
 * nodes' passes one adds each step and one claim takes it.
 */
export class SqlScheduleRuns
  extends SqlLeasedJobs<RunRow, ScheduleRunJob, ScheduleStep>
  implements ScheduleRuns
{
  /** Uses `clock` for leases and timestamps. */
  constructor(db: SqlDatabase, clock: Pick<Clock, 'now'>) {
    super(db, clock, RUN_TABLE);
  }

  async enqueue(nowMs: number, limit: number): Promise<number> {
    const needing = await this.db.all<{
      id: string;
      user_id: number;
      running_job_id: string | null;
      next_run_ms: number;
    }>(NEEDING_A_STEP, [nowMs, limit]);
    let added = 0;
    for (const s of needing) {
      // Another pass may have added the step since: the open-step index keeps one. A step is
      // as old as its need (a start: its slot), so claims take the most overdue first.
      const { changes } = await this.db.run(
        `INSERT INTO schedule_runs (id, schedule_id, user_id, run_job_id, status, attempts, created_ms)
         VALUES (?, ?, ?, ?, 'pending', 0, ?) ON CONFLICT DO NOTHING`,
        [randomUUID(), s.id, s.user_id, s.running_job_id, Math.min(Number(s.next_run_ms), nowMs)],
      );
      added += changes;
    }
    return added;
  }

  async failuresOf(scheduleId: string, runJobId: string): Promise<number> {
    const row = await this.db.first<{ n: number }>(
      `SELECT COUNT(*) AS n FROM schedule_runs
        WHERE schedule_id = ? AND run_job_id = ? AND status = 'failed'`,
      [scheduleId, runJobId],
    );
    return Number(row?.n ?? 0);
  }
}
