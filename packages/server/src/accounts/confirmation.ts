import { AppError } from '@mapsmith/app';
import { confirmationMail } from '../mail/messages.js';
import { isValidEmail, refuseField } from './rules.js';
import { type AccountServices, sendInBackground } from './services.js';
import { issueToken, linkHash } from './tokens.js';
import type { UserRow } from './users.js';

/** Issues a confirmation token and mails its link; rejects when the mail cannot be sent. */
export async function sendConfirmation(
  s: AccountServices,
  user: Pick<UserRow, 'id' | 'email' | 'username'>,
  origin: string,
): Promise<void> {
  const token = await issueToken(s.accounts.accountTokens, user.id, 'confirm');
  const link = `${origin}/confirm-email?token=${encodeURIComponent(token)}`;
  await s.mailer.send(confirmationMail(user.email, user.username, link));
}

/**
 * Spends a confirmation token and marks the address confirmed. A link opened again (a second
 * click, a mail scanner's prefetch) whose address is confirmed answers 409 "already confirmed";
 * a bad or expired token 400.
 */
export async function confirmEmail(s: AccountServices, token: string): Promise<void> {
  const hash = linkHash(token);
  const { accountTokens } = s.accounts;
  // Spent and confirmed in one transaction: racing clicks on any server confirm once.
  const userId = hash
    ? await accountTokens.redeemConfirmation(hash, new Date().toISOString())
    : null;
  if (userId === null) {
    if (hash && (await accountTokens.spentOnConfirmedAddress(hash))) {
      throw new AppError(
        'account.already-confirmed',
        'Email already confirmed',
        'This address is already confirmed. You can sign in.',
      );
    }
    throw new AppError(
      'account.link-invalid',
      'Invalid or expired token',
      'This confirmation link is invalid or has expired. Ask for a new confirmation e-mail.',
    );
  }
}

/** The one answer to "resend confirmation" by address, whether it has an unconfirmed account or not. */
export const RESEND_BY_ADDRESS_MESSAGE =
  'If that address has an account waiting for confirmation, we sent it a new confirmation e-mail.';

/** The refusal of a caller over the mail budget (5 an hour, per account or per address asked). */
function throttled(wait: number): AppError {
  return new AppError(
    'account.mail-throttled',
    'Failed to resend confirmation',
    'Too many e-mails; try again later',
    { headers: { 'Retry-After': String(wait) } },
  );
}

/** "Resend confirmation" for the signed-in user, at most 5 an hour. */
export async function resendConfirmation(
  s: AccountServices,
  user: Pick<UserRow, 'id' | 'email' | 'username'> & { emailConfirmed: boolean },
  origin: string,
): Promise<string> {
  if (user.emailConfirmed) return 'Your email address is already confirmed.';
  // Counted as it is checked (one atomic step in the database), so racing clicks share it.
  const wait = await s.mailThrottle.take(`resend:${user.id}`);
  if (wait > 0) throw throttled(wait);
  try {
    await sendConfirmation(s, user, origin);
  } catch (err) {
    s.logger.error('confirmation mail failed', { error: String(err) });
    throw new AppError(
      'account.mail-failed',
      'Failed to resend confirmation',
      'The mail server did not accept it',
    );
  }
  return 'Confirmation email sent. Please check your inbox.';
}

/**
 * "Resend confirmation" asked by address, signed out (the page right after sign-up, issue 26).
 * The address's budget is counted before anything is looked up, so the answer (and a 429) is
 * the same for an unknown, a confirmed and an unconfirmed address; the mail is made in the
 * background and also counts against the account's own budget, shared with the signed-in resend.
 */
export async function resendConfirmationTo(
  s: AccountServices,
  email: string,
  origin: string,
): Promise<string> {
  refuseField('email', isValidEmail(email) ? [] : ['Enter a valid email']);
  const wait = await s.mailThrottle.take(`resend-address:${email.toLowerCase()}`);
  if (wait > 0) throw throttled(wait);
  sendInBackground(s, async () => {
    const user = await s.accounts.users.byEmail(email);
    if (!user || user.email_confirmed_at !== null) return;
    if ((await s.mailThrottle.take(`resend:${user.id}`)) > 0) return;
    await sendConfirmation(s, user, origin);
  });
  return RESEND_BY_ADDRESS_MESSAGE;
}
