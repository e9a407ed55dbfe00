import type { SqlDatabase } from '@mapsmith/core';
import type {
  ReportRecipientByToken,
  ReportRecipientRecord,
  ReportRecipientRepository,
} from '../schedules/ports.js';

interface Row {
  schedule_id: string;
  email: string;
  token: string;
  unsubscribed_at: string | null;
}

function toRecord(r: Row): ReportRecipientRecord {
  return {
    scheduleId: r.schedule_id,
    email: r.email,
    token: r.token,
    unsubscribedAt: r.unsubscribed_at,
  };
}

/** The client addresses of schedules (table `schedule_recipients`, migration 102). */
export class SqlReportRecipientRepository implements ReportRecipientRepository {
  constructor(private readonly db: SqlDatabase) {}

  async set(scheduleId: string, emails: readonly string[], newToken: () => string, at: string) {
    await this.db.transaction(async (tx) => {
      const keep = emails.length ? ` AND email NOT IN (${emails.map(() => '?').join(', ')})` : '';
      await tx.run(
        `DELETE FROM schedule_recipients WHERE schedule_id = ? AND unsubscribed_at IS NULL${keep}`,
        [scheduleId, ...emails],
      );
      for (const email of emails)
        await tx.run(
          `INSERT INTO schedule_recipients (schedule_id, email, token, created_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (schedule_id, email) DO NOTHING`,
          [scheduleId, email, newToken(), at],
        );
    });
  }

  async list(scheduleId: string): Promise<ReportRecipientRecord[]> {
    const rows = await this.db.all<Row>(
      'SELECT * FROM schedule_recipients WHERE schedule_id = ? ORDER BY created_at, email',
      [scheduleId],
    );
    return rows.map(toRecord);
  }

  async byToken(token: string): Promise<ReportRecipientByToken | undefined> {
    const row = await this.db.first<Row & { url: string; user_id: number }>(
      `SELECT r.*, s.url, s.user_id FROM schedule_recipients r
         JOIN crawl_schedules s ON s.id = r.schedule_id WHERE r.token = ?`,
      [token],
    );
    return row ? { ...toRecord(row), url: row.url, userId: Number(row.user_id) } : undefined;
  }

  async unsubscribe(token: string, at: string) {
    await this.db.run(
      'UPDATE schedule_recipients SET unsubscribed_at = COALESCE(unsubscribed_at, ?) WHERE token = ?',
      [at, token],
    );
  }
}
