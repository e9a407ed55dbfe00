import { AppError } from '@mapsmith/app';
import { signInGuardMail } from '../mail/messages.js';
import { ACCOUNT_GUARD_FAILURES, accountKey } from './login-throttle.js';
import { verifyPassword } from './password.js';
import type { AccountServices } from './services.js';
import type { UserRow } from './users.js';

/** The one answer to every failed sign-in, whether the name exists or not (spec §8). */
export const INVALID_LOGIN = 'Invalid username or password';

function throttled(seconds: number): AppError {
  const when = seconds < 60 ? `${seconds} second(s)` : `${Math.ceil(seconds / 60)} minute(s)`;
  return new AppError(
    'auth.throttled',
    'Too many failed sign-in attempts',
    `Too many failed sign-in attempts. Try again in ${when}.`,
    { headers: { 'Retry-After': String(seconds) } },
  );
}

/**
 * Checks a username (or e-mail) and password under the `LoginThrottle` policy: a client that
 * must wait gets 429 with Retry-After before any hashing, even for the right password
 * (otherwise the delay would not slow guessing); a client with no recent failure on the
 * account is checked at once.
 */
export async function signIn(
  s: AccountServices,
  login: string,
  password: string,
  ip: string,
): Promise<UserRow> {
  const user = await s.accounts.users.byLogin(login);
  const key = accountKey(user, login);
  // The attempt counts as a failure from here on (in the same step as the check), so parallel
  // guesses see each other; a correct password withdraws it.
  const { wait, ticket } = await s.throttles.begin(key, ip);
  if (wait > 0) throw throttled(wait);
  const ok = await verifyPassword(user?.password_hash ?? null, password);
  if (!user || !ok) {
    if (user && (await s.throttles.guardNotice(key)))
      await s.mailer
        .send(signInGuardMail(user.email, user.username, ACCOUNT_GUARD_FAILURES))
        .catch((err: unknown) =>
          s.logger.warn('could not mail the sign-in guard notice', { error: String(err) }),
        );
    // The field is the password for an unknown name too, so it never tells which one was wrong.
    throw new AppError('auth.invalid-login', INVALID_LOGIN, INVALID_LOGIN, { field: 'password' });
  }
  await s.throttles.succeed(key, ip, ticket);
  await s.accounts.users.recordLogin(user.id, new Date().toISOString());
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
    if (err instanceof AppError && err.status === 401) {
      throw new AppError(
        'auth.wrong-password',
        'Incorrect password',
        'The password you entered is not correct',
        { field: 'password' },
      );
    }
    throw err;
  });
}
