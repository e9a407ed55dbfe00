import type { SqlDatabase } from '@mapsmith/core';
import type { JobControl } from './rows.js';

/** What an owner's stop, pause or resume did to a crawl job. */
export type ControlResult = 'done' | 'not-found' | 'ended' | 'not-paused' | 'stopping';

/** Jobs that have not ended: the only ones an owner's request changes. */
const UNDER_WAY = "status IN ('pending', 'crawling')";

/**
 * Records the owner's request on a crawl job that has not ended, in one statement each, so a
 * request racing the job's end or another request never leaves a finished job asked to stop:
 * `stop` replaces a pause (a paused crawl is claimed again only to end it), `pause` leaves a
 * stop alone, and `resume` clears only a pause. When nothing changed, says why.
 */
export async function requestCrawlControl(
  db: SqlDatabase,
  jobId: string,
  userId: number,
  action: JobControl | 'resume',
): Promise<ControlResult> {
  const change = {
    stop: `control = 'stop' WHERE id = ? AND user_id = ? AND ${UNDER_WAY}`,
    pause: `control = 'pause' WHERE id = ? AND user_id = ? AND ${UNDER_WAY} AND (control IS NULL OR control = 'pause')`,
    resume: `control = NULL WHERE id = ? AND user_id = ? AND ${UNDER_WAY} AND control = 'pause'`,
  }[action];
  const { changes } = await db.run(`UPDATE crawl_jobs SET ${change}`, [jobId, userId]);
  if (changes === 1) return 'done';
  const row = await db.first<{ status: string; control: JobControl | null }>(
    'SELECT status, control FROM crawl_jobs WHERE id = ? AND user_id = ?',
    [jobId, userId],
  );
  if (!row) return 'not-found';
  if (row.status !== 'pending' && row.status !== 'crawling') return 'ended';
  return action === 'resume' ? 'not-paused' : 'stopping';
}

/** The request standing on a job, as the worker holding its claim reads it every second. */
export async function crawlControl(db: SqlDatabase, jobId: string): Promise<JobControl | null> {
  const row = await db.first<{ control: JobControl | null }>(
    'SELECT control FROM crawl_jobs WHERE id = ?',
    [jobId],
  );
  return row?.control ?? null;
}
