import type { User } from '@mapsmith/core';
import type { Database } from '../db/database.js';

/** A user row as stored. */
export interface UserRow {
  id: number;
  username: string;
  email: string;
  password_hash: string;
  email_confirmed_at: string | null;
  pro_until: string | null;
}

const COLUMNS = 'id, username, email, password_hash, email_confirmed_at, pro_until';

/** Finds a user by username, or by e-mail when the name contains an @ (usernames cannot). */
export function findUserByLogin(db: Database, login: string): Promise<UserRow | undefined> {
  const column = login.includes('@') ? 'email' : 'username';
  return db.first<UserRow>(`SELECT ${COLUMNS} FROM users WHERE ${column} = ?`, [login]);
}

/** Finds a user by id. */
export function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  return db.first<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = ?`, [id]);
}

/** Finds a user by e-mail address (case-insensitive). */
export function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return db.first<UserRow>(`SELECT ${COLUMNS} FROM users WHERE email = ?`, [email]);
}

/** The user as the API shows it; `isPro` is true only while the paid period lasts. */
export function presentUser(row: Omit<UserRow, 'password_hash'>, now = Date.now()): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    isPro: row.pro_until !== null && Date.parse(row.pro_until) > now,
    proUntil: row.pro_until,
    emailConfirmed: row.email_confirmed_at !== null,
  };
}
