import { AppError } from '@mapsmith/app';
import { passwordChangedMail, resetMail } from '../mail/messages.js';
import { accountKey } from './login-throttle.js';
import { hashPassword } from './password.js';
import { isValidEmail, passwordProblems, refuseField } from './rules.js';
import { type AccountServices, sendInBackground } from './services.js';
import { issueToken, linkHash } from './tokens.js';

/** The one answer to "forgot password", whether the address has an account or not (spec §8). */
export const FORGOT_MESSAGE = 'If your account exists, we emailed you a reset link.';

/**
 * Mails a reset link if the address has an account. The token and the mail are made in the
 * background after the answer is decided, so the answer and its timing are the same either way.
 */
export function requestPasswordReset(s: AccountServices, email: string, origin: string): void {
  refuseField('email', isValidEmail(email) ? [] : ['Enter a valid email']);
  sendInBackground(s, async () => {
    const user = await s.accounts.users.byEmail(email);
    if (!user) return;
    if ((await s.mailThrottle.take(`reset:${user.id}`)) > 0) return;
    const token = await issueToken(s.accounts.accountTokens, user.id, 'reset');
    const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
    await s.mailer.send(resetMail(user.email, user.username, link));
  });
}

/**
 * Whether a reset link can still set a password, without spending it (the reset page asks as
 * it opens, issue 26): one answer shape for a bad, an expired and a used link.
 */
export async function checkResetToken(s: AccountServices, token: string): Promise<boolean> {
  const hash = linkHash(token);
  return hash ? s.accounts.accountTokens.isLive(hash, 'reset', new Date().toISOString()) : false;
}

/**
 * Sets a new password with a reset token. The password is checked first, so a weak one does not
 * burn the link. Every credential of the account ends: its sessions (whoever knew the old
 * password is signed out) and its API tokens (whoever held a session may have minted one);
 * the owner is mailed that this happened.
 * The mailed link proved the address, so it also counts as confirmation.
 */
export async function resetPassword(
  s: AccountServices,
  token: string,
  password: string,
): Promise<void> {
  refuseField('password', passwordProblems(password));
  const passwordHash = await hashPassword(password);
  const hash = linkHash(token);
  const redeemed = hash
    ? await s.accounts.accountTokens.redeemReset(hash, new Date().toISOString(), passwordHash)
    : null;
  if (redeemed === null) {
    throw new AppError(
      'account.link-invalid',
      'Invalid or expired token',
      'This reset link is invalid, expired or already used. Ask for a new reset link.',
    );
  }
  const { userId, revokedTokens } = redeemed;
  // The owner proved the address: lift a lock that an attacker's guesses may have caused.
  const user = await s.accounts.users.byId(userId);
  if (user) {
    sendInBackground(s, () =>
      s.mailer.send(passwordChangedMail(user.email, user.username, revokedTokens)),
    );
    await s.throttles.clearAccount(accountKey(user, user.username));
  }
}
