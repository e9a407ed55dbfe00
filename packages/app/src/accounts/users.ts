import type { SqlDatabase } from '@mapsmith/core';
import { isUniqueViolation } from '../sql/unique-violation.js';
import type { TakenField, UserRepository, UserRow } from './ports.js';

const COLUMNS = 'id, username, email, password_hash, email_confirmed_at, pro_until';

/**
 * Users over the SQL port. Names and addresses compare through `lower()` on both sides: SQLite's
 * columns are NOCASE, Postgres' are plain text with unique `lower()` indexes (step 90), and
 * `lower(x) = lower(?)` uses those expression indexes on both.
 */
export class SqlUserRepository implements UserRepository {
  /** Reads and writes through `db`. */
  constructor(private readonly db: SqlDatabase) {}

  /** Usernames cannot contain @, so an @ means an address. */
  byLogin(login: string): Promise<UserRow | undefined> {
    const column = login.includes('@') ? 'email' : 'username';
    return this.db.first<UserRow>(
      `SELECT ${COLUMNS} FROM users WHERE lower(${column}) = lower(?)`,
      [login],
    );
  }

  /** By id. */
  byId(id: number): Promise<UserRow | undefined> {
    return this.db.first<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = ?`, [id]);
  }

  /** By address, ignoring case. */
  byEmail(email: string): Promise<UserRow | undefined> {
    return this.db.first<UserRow>(`SELECT ${COLUMNS} FROM users WHERE lower(email) = lower(?)`, [
      email,
    ]);
  }

  /** Ignoring case. */
  async usernameTaken(username: string): Promise<boolean> {
    const row = await this.db.first('SELECT id FROM users WHERE lower(username) = lower(?)', [
      username,
    ]);
    return row !== undefined;
  }

  /** The unique indexes decide a race; the address is named when it is the one taken. */
  async create(input: {
    username: string;
    email: string;
    passwordHash: string;
  }): Promise<{ ok: true; id: number } | { ok: false; taken: TakenField }> {
    try {
      const row = await this.db.transaction((tx) =>
        tx.first<{ id: number }>(
          'INSERT INTO users (username, email, password_hash) VALUES (?, ?, ?) RETURNING id',
          [input.username, input.email, input.passwordHash],
        ),
      );
      if (!row) throw new Error('The new user was not stored');
      return { ok: true, id: Number(row.id) };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      return { ok: false, taken: (await this.byEmail(input.email)) ? 'email' : 'username' };
    }
  }

  /** The first confirmation's time is kept. */
  async confirmEmail(id: number, at: string): Promise<void> {
    await this.db.run(
      'UPDATE users SET email_confirmed_at = COALESCE(email_confirmed_at, ?) WHERE id = ?',
      [at, id],
    );
  }

  /** Kept for support questions ("when did I last sign in?"). */
  async recordLogin(id: number, at: string): Promise<void> {
    await this.db.run('UPDATE users SET last_login_at = ? WHERE id = ?', [at, id]);
  }

  /** ON DELETE CASCADE takes sessions, tokens, orders, keys and crawl jobs with it. */
  async delete(id: number): Promise<void> {
    await this.db.run('DELETE FROM users WHERE id = ?', [id]);
  }

  /** Null for an unknown user too. */
  async proUntil(id: number): Promise<string | null> {
    const row = await this.db.first<{ pro_until: string | null }>(
      'SELECT pro_until FROM users WHERE id = ?',
      [id],
    );
    return row?.pro_until ?? null;
  }

  /** ISO times compare as text on both databases. */
  dueProReminders(
    from: string,
    until: string,
  ): Promise<Array<{ id: number; username: string; email: string; pro_until: string }>> {
    return this.db.all(
      `SELECT id, username, email, pro_until FROM users
        WHERE pro_until > ? AND pro_until <= ?
          AND (pro_reminder_for IS NULL OR pro_reminder_for <> pro_until)
        ORDER BY id`,
      [from, until],
    );
  }

  /** One conditional UPDATE: of racing servers exactly one sees a change. */
  async claimProReminder(id: number, proUntil: string): Promise<boolean> {
    const { changes } = await this.db.run(
      `UPDATE users SET pro_reminder_for = ?
        WHERE id = ? AND pro_until = ? AND (pro_reminder_for IS NULL OR pro_reminder_for <> ?)`,
      [proUntil, id, proUntil, proUntil],
    );
    return changes > 0;
  }
}
