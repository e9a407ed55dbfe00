import type { SqlDatabase } from '@mapsmith/core';
import type { SessionRepository, SessionUserRow } from './ports.js';

/** Sessions over the SQL port. */
export class SqlSessionRepository implements SessionRepository {
  /** Reads and writes through `db`. */
  constructor(private readonly db: SqlDatabase) {}

  /** Expired sessions are never read again; sweeping the user's own keeps the table small. */
  async start(input: {
    idHash: string;
    userId: number;
    csrfToken: string;
    expiresAt: string;
    now: string;
    replaces?: string | undefined;
  }): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (input.replaces) await tx.run('DELETE FROM sessions WHERE id_hash = ?', [input.replaces]);
      await tx.run('DELETE FROM sessions WHERE user_id = ? AND expires_at <= ?', [
        input.userId,
        input.now,
      ]);
      await tx.run(
        'INSERT INTO sessions (id_hash, user_id, csrf_token, expires_at) VALUES (?, ?, ?, ?)',
        [input.idHash, input.userId, input.csrfToken, input.expiresAt],
      );
    });
  }

  /** Joined with the user, so one read serves every request. */
  user(idHash: string, now: string): Promise<SessionUserRow | undefined> {
    return this.db.first<SessionUserRow>(
      `SELECT u.id, u.username, u.email, u.email_confirmed_at, u.pro_until
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id_hash = ? AND s.expires_at > ?`,
      [idHash, now],
    );
  }

  /** Nothing to do for an unknown session. */
  async end(idHash: string): Promise<void> {
    await this.db.run('DELETE FROM sessions WHERE id_hash = ?', [idHash]);
  }

  /** Every device is signed out. */
  async endAll(userId: number): Promise<void> {
    await this.db.run('DELETE FROM sessions WHERE user_id = ?', [userId]);
  }
}
