import type { Clock, SqlDatabase } from '@mapsmith/core';
import { auditStoppedNote } from './audit-queue.js';

/** What an owner's stop did to an audit (issue 30). */
export type AuditStopResult = 'done' | 'not-found' | 'ended';

/**
 * Stops an audit that has not ended. One waiting for a worker ends at once (completed, with the
 * URLs an interrupted run had checked); a running one is asked to stop, and the worker holding
 * it reads that within about a second and completes it. Each step is one guarded statement, so
 * a claim racing the stop leaves it asked rather than lost.
 */
export async function stopAudit(
  db: SqlDatabase,
  clock: Pick<Clock, 'now'>,
  jobId: string,
  userId: number,
): Promise<AuditStopResult> {
  const row = await db.first<{ status: string; checked: number }>(
    'SELECT status, checked FROM audit_jobs WHERE id = ? AND user_id = ?',
    [jobId, userId],
  );
  if (!row) return 'not-found';
  if (row.status === 'pending') {
    const { changes } = await db.run(
      `UPDATE audit_jobs SET status = 'completed', error = ?, finished_at = ?, content = NULL
        WHERE id = ? AND status = 'pending'`,
      [auditStoppedNote(row.checked), new Date(clock.now()).toISOString(), jobId],
    );
    if (changes === 1) return 'done';
  }
  const { changes } = await db.run(
    `UPDATE audit_jobs SET control = 'stop' WHERE id = ? AND status IN ('pending', 'running')`,
    [jobId],
  );
  return changes === 1 ? 'done' : 'ended';
}

/** Whether the owner asked the audit to stop (read by the worker running it). */
export async function auditStopAsked(db: SqlDatabase, jobId: string): Promise<'stop' | null> {
  const row = await db.first<{ control: 'stop' | null }>(
    'SELECT control FROM audit_jobs WHERE id = ?',
    [jobId],
  );
  return row?.control ?? null;
}
