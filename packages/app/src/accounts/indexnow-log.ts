import type { PingResult, SqlDatabase } from '@mapsmith/core';
import type { IndexNowLogRepository, KeptNotification } from './ports.js';

/** The kept IndexNow answers over the SQL port (table `indexnow_submissions`, step 98). */
export class SqlIndexNowLog implements IndexNowLogRepository {
  /** Reads and writes through `db`. */
  constructor(private readonly db: SqlDatabase) {}

  async lastSent(userId: number, host: string, urlsHash: string): Promise<string | null> {
    const row = await this.db.first<{ sent_at: string | null }>(
      'SELECT sent_at FROM indexnow_submissions WHERE user_id = ? AND host = ? AND urls_hash = ?',
      [userId, host, urlsHash],
    );
    return row?.sent_at ?? null;
  }

  /** One row per user, site and URL set: the last answer, and the last acceptance kept. */
  async keep(n: KeptNotification): Promise<void> {
    await this.db.run(
      `INSERT INTO indexnow_submissions
         (user_id, host, urls_hash, job_id, urls, result, tried_at, sent_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (user_id, host, urls_hash) DO UPDATE SET
         job_id = excluded.job_id, urls = excluded.urls, result = excluded.result,
         tried_at = excluded.tried_at,
         sent_at = COALESCE(excluded.sent_at, indexnow_submissions.sent_at)`,
      [
        n.userId,
        n.host,
        n.urlsHash,
        n.jobId,
        n.result.urls,
        JSON.stringify(n.result),
        n.result.at,
        n.accepted ? n.result.at : null,
      ],
    );
  }

  async lastForJob(userId: number, jobId: string): Promise<PingResult | null> {
    const row = await this.db.first<{ result: string }>(
      `SELECT result FROM indexnow_submissions WHERE user_id = ? AND job_id = ?
        ORDER BY tried_at DESC LIMIT 1`,
      [userId, jobId],
    );
    return row ? (JSON.parse(row.result) as PingResult) : null;
  }
}
