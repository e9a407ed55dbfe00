import { HttpError } from '../http/errors.js';
import { sendConfirmation } from './confirmation.js';
import { hashPassword } from './password.js';
import { isValidEmail, passwordProblems, usernameProblems } from './rules.js';
import type { AccountServices } from './services.js';

/** The registration answer the web app keys on: it contains "check your email". */
export const REGISTERED_MESSAGE =
  'Account created. Please check your email to confirm your address.';

/** Registration input after trimming. */
export interface Registration {
  username: string;
  email: string;
  password: string;
}

/** Every rule of spec §5 for signup, in field order; the first message becomes the error. */
export function registrationProblems(input: Registration): string[] {
  return [
    ...usernameProblems(input.username),
    ...(isValidEmail(input.email) ? [] : ['Please enter a valid email address']),
    ...passwordProblems(input.password),
  ];
}

/**
 * Creates the account and mails the confirmation link; answers the new user's id. A taken
 * username or address answers 409 without saying which, so addresses cannot be probed one by one.
 */
export async function registerAccount(
  s: AccountServices,
  input: Registration,
  origin: string,
  ip: string,
): Promise<number> {
  const problems = registrationProblems(input);
  if (problems.length > 0)
    throw new HttpError(400, problems[0] ?? '', problems.join('; '), {}, 'input.invalid');
  const wait = isLoopback(ip) ? 0 : s.signupThrottle.retryAfter(`ip:${ip}`);
  if (wait > 0) {
    throw new HttpError(
      429,
      'Too many sign-ups',
      'Too many accounts created from here; try again later',
      {
        'Retry-After': String(wait),
      },
      'account.signup-throttled',
    );
  }
  const taken = await s.db.first<{ id: number }>(
    'SELECT id FROM users WHERE username = ? OR email = ?',
    [input.username, input.email],
  );
  if (taken) throw usernameOrEmailTaken();
  const passwordHash = await hashPassword(input.password);
  let id: number;
  try {
    ({ lastID: id } = await s.db.run(
      'INSERT INTO users (username, email, password_hash) VALUES (?, ?, ?)',
      [input.username, input.email, passwordHash],
    ));
  } catch (err) {
    // Two registrations racing for the same name: the UNIQUE index decides.
    if (String(err).includes('UNIQUE')) throw usernameOrEmailTaken();
    throw err;
  }
  s.signupThrottle.fail(`ip:${ip}`);
  try {
    await sendConfirmation(s, { id, email: input.email, username: input.username }, origin);
  } catch (err) {
    // The account exists; the user can ask for the mail again from the confirm screen.
    s.logger.error('confirmation mail failed', { error: String(err) });
  }
  return id;
}

// Loopback callers are the machine itself (a local install, its tests): behind the trusted
// loopback proxy, real visitors arrive with their own address from X-Forwarded-For.
function isLoopback(ip: string): boolean {
  return ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
}

function usernameOrEmailTaken(): HttpError {
  return new HttpError(
    409,
    'Unable to create account',
    'That username or email address is already registered',
    {},
    'account.taken',
  );
}
