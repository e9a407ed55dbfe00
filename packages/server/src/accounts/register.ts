import { AppError } from '@mapsmith/app';
import { addressTakenMail } from '../mail/messages.js';
import { sendConfirmation } from './confirmation.js';
import { hashPassword } from './password.js';
import { isValidEmail, passwordProblems, refuseField, usernameProblems } from './rules.js';
import { type AccountServices, sendInBackground } from './services.js';

/** The registration answer the web app keys on: it contains "check your email". */
export const REGISTERED_MESSAGE =
  'Account created. Please check your email to confirm your address.';

/** Registration input after trimming. */
export interface Registration {
  username: string;
  email: string;
  password: string;
}

/** Every rule of spec §5 for signup, field by field in form order; the first refused field is answered. */
export function checkRegistration(input: Registration): void {
  refuseField('username', usernameProblems(input.username));
  refuseField('email', isValidEmail(input.email) ? [] : ['Please enter a valid email address']);
  refuseField('password', passwordProblems(input.password));
}

/**
 * Creates the account and mails the confirmation link. A taken username answers 409 (usernames
 * are public). A taken address must not tell anyone that it has an account, so both paths end
 * alike: the password is hashed in both, no session is started in either (the caller answers
 * the same `{message}`; the new user signs in, or follows the mailed link), and the mail goes
 * out in the background in both (the confirmation to the new address, a notice to the owner of
 * a taken one), so its delivery time is not in the answer's time.
 */
export async function registerAccount(
  s: AccountServices,
  input: Registration,
  origin: string,
  ip: string,
): Promise<void> {
  checkRegistration(input);
  // A taken username is answered first (usernames are public); only an attempt that could
  // create an account counts against the address's budget, checked and counted in one step.
  if (await s.accounts.users.usernameTaken(input.username)) throw usernameTaken();
  const wait = isLoopback(ip) ? 0 : await s.signupThrottle.take(`ip:${ip}`);
  if (wait > 0) {
    throw new AppError(
      'account.signup-throttled',
      'Too many sign-ups',
      'Too many accounts created from here; try again later',
      {
        headers: {
          'Retry-After': String(wait),
        },
      },
    );
  }
  // Hashed before the address is looked at, so both answers take the same time.
  const passwordHash = await hashPassword(input.password);
  if (await s.accounts.users.byEmail(input.email)) {
    mailOwnerOfAddress(s, input.email, origin);
    return;
  }
  // Two registrations racing for the same name or address: the unique indexes decide.
  const created = await s.accounts.users.create({
    username: input.username,
    email: input.email,
    passwordHash,
  });
  if (!created.ok) {
    if (created.taken === 'username') throw usernameTaken();
    mailOwnerOfAddress(s, input.email, origin);
    return;
  }
  const id = created.id;
  sendConfirmation(s, { id, email: input.email, username: input.username }, origin).catch(
    (err: unknown) => {
      // The account exists; the user can ask for the mail again from the confirm screen.
      s.logger.error('confirmation mail failed', { error: String(err) });
    },
  );
}

// Loopback callers are the machine itself (a local install, its tests): behind the trusted
// loopback proxy, real visitors arrive with their own address from X-Forwarded-For.
function isLoopback(ip: string): boolean {
  return ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
}

function usernameTaken(): AppError {
  return new AppError(
    'account.taken',
    'Unable to create account',
    'That username is already taken',
    { field: 'username' },
  );
}

/** Tells the owner of `email` that someone tried to sign up with it (at most 5 an hour). */
function mailOwnerOfAddress(s: AccountServices, email: string, origin: string): void {
  sendInBackground(s, async () => {
    const owner = await s.accounts.users.byEmail(email);
    if (!owner) return;
    if ((await s.mailThrottle.take(`signup-taken:${owner.id}`)) > 0) return;
    await s.mailer.send(addressTakenMail(owner.email, owner.username, `${origin}/login`));
  });
}
