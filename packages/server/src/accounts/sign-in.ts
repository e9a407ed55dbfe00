import { HttpError } from '../http/errors.js';
import { verifyPassword } from './password.js';
import type { AccountServices } from './services.js';
import { findUserByLogin, type UserRow } from './users.js';

/** The one answer to every failed sign-in, whether the name exists or not (spec §8). */
export const INVALID_LOGIN = 'Invalid username or password';

function throttled(seconds: number): HttpError {
  return new HttpError(
    429,
    'Too many failed sign-in attempts',
    `Too many failed sign-in attempts. Try again in ${Math.ceil(seconds / 60)} minute(s).`,
    { 'Retry-After': String(seconds) },
    'auth.sign-in-throttled',
  );
}

/**
 * Checks a username (or e-mail) and password. Failures are counted per account name and per
 * client IP; either count over its limit answers 429 with Retry-After, before any hashing,
 * even for the right password (otherwise the lock would only slow guessing down).
 */
export async function signIn(
  s: AccountServices,
  login: string,
  password: string,
  ip: string,
): Promise<UserRow> {
  const accountKey = `account:${login.toLowerCase()}`;
  const ipKey = `ip:${ip}`;
  const wait = Math.max(
    s.throttles.account.retryAfter(accountKey),
    s.throttles.ip.retryAfter(ipKey),
  );
  if (wait > 0) throw throttled(wait);
  const user = await findUserByLogin(s.db, login);
  const ok = await verifyPassword(user?.password_hash ?? null, password);
  if (!user || !ok) {
    s.throttles.account.fail(accountKey);
    s.throttles.ip.fail(ipKey);
    throw new HttpError(401, INVALID_LOGIN, INVALID_LOGIN, {}, 'auth.invalid-login');
  }
  s.throttles.account.clear(accountKey);
  await s.db.run('UPDATE users SET last_login_at = ? WHERE id = ?', [
    new Date().toISOString(),
    user.id,
  ]);
  return user;
}

/** Re-checks the signed-in user's password (account deletion), with the same throttles. */
export async function recheckPassword(
  s: AccountServices,
  user: UserRow,
  password: string,
  ip: string,
): Promise<void> {
  await signIn(s, user.username, password, ip).catch((err: unknown) => {
    if (err instanceof HttpError && err.status === 401) {
      throw new HttpError(
        403,
        'Incorrect password',
        'The password you entered is not correct',
        {},
        'auth.wrong-password',
      );
    }
    throw err;
  });
}
