import { randomUUID } from 'node:crypto';
import type { ScheduleActions, SqlQueryable } from '@mapsmith/core';
import { parseSettings, settingsJson } from '../secrets/sealed-settings.js';
import { NO_SECRET_BOX, type SecretBox } from '../secrets/secret-box.js';
import type {
  ScheduleDefinition,
  ScheduleOwner,
  ScheduleRecord,
  ScheduleRepository,
  ScheduleRunClaim,
  ScheduleStart,
} from './ports.js';

interface ScheduleRow {
  id: string;
  user_id: number;
  url: string;
  frequency: ScheduleRecord['frequency'];
  weekday: number | null;
  month_day: number | null;
  time_of_day: string;
  time_zone: string;
  settings: string;
  after_publish: number;
  after_mail: number;
  after_indexnow: number;
  paused: number;
  token: string;
  next_run_ms: number;
  running_job_id: string | null;
  last_job_id: string | null;
  last_run_at: string | null;
  late_slot_ms: number | null;
  last_error: string | null;
  published_job_id: string | null;
  published_at: string | null;
  created_at: string;
}

function toRecord(r: ScheduleRow, box: SecretBox): ScheduleRecord {
  const after: ScheduleActions = {
    publish: Boolean(r.after_publish),
    mail: Boolean(r.after_mail),
    indexNow: Boolean(r.after_indexnow),
  };
  return {
    id: r.id,
    userId: r.user_id,
    url: r.url,
    frequency: r.frequency,
    weekday: r.weekday,
    monthDay: r.month_day,
    time: r.time_of_day,
    timeZone: r.time_zone,
    settings: parseSettings(r.settings, box) ?? {},
    after,
    paused: Boolean(r.paused),
    token: r.token,
    nextRunMs: r.next_run_ms,
    runningJobId: r.running_job_id,
    lastJobId: r.last_job_id,
    lastRunAt: r.last_run_at,
    lateSlotMs: r.late_slot_ms,
    lastError: r.last_error,
    publishedJobId: r.published_job_id,
    publishedAt: r.published_at,
    createdAt: r.created_at,
  };
}

/** The step of the bound run id still holds the bound claim token (`SqlScheduleRuns`). */
const HELD = `EXISTS (SELECT 1 FROM schedule_runs r
                WHERE r.id = ? AND r.claim_token = ? AND r.status = 'running')`;

/** The columns a definition sets, in `defValues` order. */
const DEF_COLUMNS = [
  'url',
  'frequency',
  'weekday',
  'month_day',
  'time_of_day',
  'time_zone',
  'settings',
  'after_publish',
  'after_mail',
  'after_indexnow',
];

function defValues(def: ScheduleDefinition, box: SecretBox): (string | number | null)[] {
  return [
    def.url,
    def.frequency,
    def.frequency === 'weekly' ? (def.weekday ?? null) : null,
    def.frequency === 'monthly' ? (def.monthDay ?? null) : null,
    def.time,
    def.timeZone,
    settingsJson(def.settings, box) ?? '{}',
    def.after.publish ? 1 : 0,
    def.after.mail ? 1 : 0,
    def.after.indexNow ? 1 : 0,
  ];
}

/**
 * Schedules in the SQL database of either shell, SQLite or Postgres (table `crawl_schedules`,
 * migration 50). Each step of a run is a job of the schedule-run kind (`SqlScheduleRuns`, step
 * 107); the writes of a step are single UPDATEs fenced by its claim, so a holder whose lease was
 * taken over writes nothing.
 */
export class SqlScheduleRepository implements ScheduleRepository {
  /** Uses `db` (a database or a transaction), `box` for the secrets of the crawl settings. */
  constructor(
    private readonly db: SqlQueryable,
    private readonly box: SecretBox = NO_SECRET_BOX,
  ) {}

  async create(
    userId: number,
    def: ScheduleDefinition,
    token: string,
    nextRunMs: number,
  ): Promise<ScheduleRecord> {
    const id = randomUUID();
    await this.db.run(
      `INSERT INTO crawl_schedules (id, user_id, ${DEF_COLUMNS.join(', ')}, token, next_run_ms, created_at)
       VALUES (?, ?, ${DEF_COLUMNS.map(() => '?').join(', ')}, ?, ?, ?)`,
      [id, userId, ...defValues(def, this.box), token, nextRunMs, new Date().toISOString()],
    );
    return (await this.get(id, userId)) as ScheduleRecord;
  }

  async list(userId: number): Promise<ScheduleRecord[]> {
    const rows = await this.db.all<ScheduleRow>(
      'SELECT * FROM crawl_schedules WHERE user_id = ? ORDER BY created_at, rowid',
      [userId],
    );
    return rows.map((row) => toRecord(row, this.box));
  }

  async count(userId: number): Promise<number> {
    const row = await this.db.first<{ n: number }>(
      'SELECT COUNT(*) AS n FROM crawl_schedules WHERE user_id = ?',
      [userId],
    );
    return row?.n ?? 0;
  }

  async get(id: string, userId: number): Promise<ScheduleRecord | undefined> {
    const row = await this.db.first<ScheduleRow>(
      'SELECT * FROM crawl_schedules WHERE id = ? AND user_id = ?',
      [id, userId],
    );
    return row ? toRecord(row, this.box) : undefined;
  }

  async byToken(token: string): Promise<ScheduleRecord | undefined> {
    const row = await this.db.first<ScheduleRow>('SELECT * FROM crawl_schedules WHERE token = ?', [
      token,
    ]);
    return row ? toRecord(row, this.box) : undefined;
  }

  async update(id: string, userId: number, def: ScheduleDefinition, nextRunMs: number) {
    await this.db.run(
      `UPDATE crawl_schedules SET ${DEF_COLUMNS.map((c) => `${c} = ?`).join(', ')}, next_run_ms = ?
        WHERE id = ? AND user_id = ?`,
      [...defValues(def, this.box), nextRunMs, id, userId],
    );
  }

  async setPaused(id: string, userId: number, paused: boolean, nextRunMs: number) {
    await this.db.run(
      'UPDATE crawl_schedules SET paused = ?, next_run_ms = ? WHERE id = ? AND user_id = ?',
      [paused ? 1 : 0, nextRunMs, id, userId],
    );
  }

  async delete(id: string, userId: number): Promise<boolean> {
    const { changes } = await this.db.run(
      'DELETE FROM crawl_schedules WHERE id = ? AND user_id = ?',
      [id, userId],
    );
    return changes > 0;
  }

  async setToken(id: string, userId: number, token: string) {
    await this.db.run('UPDATE crawl_schedules SET token = ? WHERE id = ? AND user_id = ?', [
      token,
      id,
      userId,
    ]);
  }

  async started(id: string, claim: ScheduleRunClaim, run: ScheduleStart) {
    const { changes } = await this.db.run(
      `UPDATE crawl_schedules SET running_job_id = ?, next_run_ms = ?, last_run_at = ?, late_slot_ms = ?,
         last_error = NULL WHERE id = ? AND running_job_id IS NULL AND ${HELD}`,
      [run.jobId, run.nextRunMs, run.at, run.lateSlotMs, id, claim.runId, claim.token],
    );
    return changes === 1;
  }

  async deferred(id: string, claim: ScheduleRunClaim, reason: string | null, nextRunMs: number) {
    const { changes } = await this.db.run(
      `UPDATE crawl_schedules SET next_run_ms = ?, last_error = COALESCE(?, last_error)
        WHERE id = ? AND ${HELD}`,
      [nextRunMs, reason, id, claim.runId, claim.token],
    );
    return changes === 1;
  }

  async finished(id: string, claim: ScheduleRunClaim, jobId: string, error: string | null) {
    const { changes } = await this.db.run(
      `UPDATE crawl_schedules SET running_job_id = NULL, last_job_id = ?, last_error = ?
        WHERE id = ? AND running_job_id = ? AND ${HELD}`,
      [jobId, error, id, jobId, claim.runId, claim.token],
    );
    return changes === 1;
  }

  async noted(id: string, claim: ScheduleRunClaim, error: string) {
    const { changes } = await this.db.run(
      `UPDATE crawl_schedules SET last_error = ? WHERE id = ? AND ${HELD}`,
      [error, id, claim.runId, claim.token],
    );
    return changes === 1;
  }

  async published(id: string, jobId: string, at: string) {
    await this.db.run(
      'UPDATE crawl_schedules SET published_job_id = ?, published_at = ? WHERE id = ?',
      [jobId, at, id],
    );
  }

  async owner(userId: number): Promise<ScheduleOwner | undefined> {
    const row = await this.db.first<{ email: string; username: string; pro_until: string | null }>(
      'SELECT email, username, pro_until FROM users WHERE id = ?',
      [userId],
    );
    return row ? { email: row.email, username: row.username, proUntil: row.pro_until } : undefined;
  }
}
