import { type Clock, plural, type SqlDatabase } from '@mapsmith/core';
import { interruptedText } from '../jobs/interrupted.js';
import type { ClaimedLease, LeasedJobs } from '../jobs/leased-jobs.js';
import type { LeasedTable } from '../jobs/leased-table.js';
import { SqlLeasedJobs } from '../jobs/sql-leased-jobs.js';
import type { AuditJobRecord, AuditRunSummary } from './ports.js';

/** An audit job a worker holds the claim of; an interrupted run's saved results stay saved. */
export type ClaimedAudit = ClaimedLease<AuditJobRecord>;

/**
 * The audit jobs' queue: the audit kind of the leased-job engine (its invariants hold), so the
 * same worker pool runs it. A job is claimed by exactly one worker of any process at a time.
 */
export type AuditQueue = LeasedJobs<AuditJobRecord, AuditRunSummary>;

/** What a claim reads of an `audit_jobs` row. */
interface AuditRow {
  id: string;
  user_id: number;
  source: string;
  source_url: string | null;
  listed: number | boolean;
  status: string;
  attempts: number;
  checked: number;
}

/** The note a stopped audit carries, as the audit page shows it. */
export function auditStoppedNote(checked: number): string {
  const urls = plural(checked, 'URL');
  return `Stopped by you after ${urls} checked; the URLs checked so far are shown.`;
}

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
 * The audit kind: `audit_jobs`, held as `'running'`; its uploaded text goes when it ends. Its
 * result writers fence their rows with it (`fenceClaim`).
 */
export const AUDIT_TABLE: LeasedTable<AuditRow, AuditJobRecord, AuditRunSummary> = {
  table: 'audit_jobs',
  key: 'id',
  running: 'running',
  columns: 'id, user_id, source, source_url, listed, status, attempts, checked',
  order: 'created_ms, rowid',
  lock: 'audit-queue:claim',
  toJob: (row) => ({
    id: row.id,
    userId: row.user_id,
    source: row.source,
    sourceUrl: row.source_url,
    listed: Boolean(row.listed),
  }),
  interrupted: (row) =>
    interruptedText('audit', row.attempts, `${plural(row.checked, 'URL')} had been checked`),
  outcome: (end) => {
    if (end.status === 'failed') return { set: 'error = ?, content = NULL', params: [end.reason] };
    // A completed job keeps the listing's note (why the listing was cut) and adds its own.
    const note = endNote(end.summary);
    if (note === null) return { set: 'content = NULL', params: [] };
    return {
      set: "error = CASE WHEN error IS NULL THEN ? ELSE error || ' ' || ? END, content = NULL",
      params: [note, note],
    };
  },
};

/** The audit queue in SQL (SQLite or Postgres). */
export class SqlAuditQueue extends SqlLeasedJobs<AuditRow, AuditJobRecord, AuditRunSummary> {
  /** Uses `clock` for leases and timestamps. */
  constructor(db: SqlDatabase, clock: Pick<Clock, 'now'>) {
    super(db, clock, AUDIT_TABLE);
  }
}
