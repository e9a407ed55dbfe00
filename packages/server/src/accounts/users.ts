import type { UserRow } from '@mapsmith/app';
import { isProAt } from '@mapsmith/app';
import type { User } from '@mapsmith/core';

/** A user row as stored (the repository's row type). */
export type { UserRow } from '@mapsmith/app';

/** The user as the API shows it; `isPro` is true only while the paid period lasts. */
export function presentUser(row: Omit<UserRow, 'password_hash'>, now = Date.now()): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    isPro: isProAt(row.pro_until, now),
    proUntil: row.pro_until,
    emailConfirmed: row.email_confirmed_at !== null,
  };
}
