import { signInRequired } from '@mapsmith/app';
import type { AccountServices } from './services.js';
import { recheckPassword } from './sign-in.js';

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
  const user = await s.accounts.users.byId(userId);
  if (!user) throw signInRequired();
  await recheckPassword(s, user, password, ip);
  // Before the rows go: the schedules name the folders of their published sitemaps.
  await s.schedules?.forgetUser(userId);
  await s.accounts.users.delete(userId);
  await s.exports.forgetUser(userId);
  const mails = await s.mailer.forget(user.email);
  s.logger.info('account deleted', { userId, outboxMessagesRemoved: mails });
}
