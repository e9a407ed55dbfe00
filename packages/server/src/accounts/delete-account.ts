import { HttpError } from '../http/errors.js';
import type { AccountServices } from './services.js';
import { recheckPassword } from './sign-in.js';
import { findUserById } from './users.js';

/**
 * Deletes the account after the password is re-entered. Every table holding user data refers
 * to `users` with ON DELETE CASCADE, so one delete purges sessions, tokens, orders, keys and
 * crawl jobs together; the exports built from those jobs and the mail kept in the local outbox
 * for the address go too.
 */
export async function deleteAccount(
  s: AccountServices,
  userId: number,
  password: string,
  ip: string,
): Promise<void> {
  const user = await findUserById(s.db, userId);
  if (!user) throw new HttpError(401, 'Not signed in', 'Please sign in first', {}, 'auth.required');
  await recheckPassword(s, user, password, ip);
  // Before the rows go: the schedules name the folders of their published sitemaps.
  await s.schedules?.forgetUser(userId);
  await s.db.run('DELETE FROM users WHERE id = ?', [userId]);
  await s.exports.forgetUser(userId);
  const mails = await s.mailer.forget(user.email);
  s.logger.info('account deleted', { userId, outboxMessagesRemoved: mails });
}
