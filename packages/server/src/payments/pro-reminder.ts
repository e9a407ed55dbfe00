import type { Repositories } from '@mapsmith/app';
import { PRO_REMINDER_DAYS } from '@mapsmith/core';
import type { Mailer } from '../mail/mailer.js';
import { proEndingMail } from '../mail/messages.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the reminder needs. */
export interface ProReminderDeps {
  /** Users (`repos.accounts.users`). */
  repos: Pick<Repositories, 'accounts'>;
  mailer: Mailer;
  /** Public origin for the renewal link (`MAPSMITH_PUBLIC_URL`); null gives a relative path. */
  publicUrl: string | null;
}

/** "December 22, 2026" in UTC, as the dashboard shows it. */
export function formatEndDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * Mails every user whose Pro ends within the next PRO_REMINDER_DAYS days and who has not had a
 * reminder for that end date. The row is marked before the mail goes, so a crash or a second
 * server never sends two; a mail that fails is logged by the caller and not retried (the
 * dashboard shows the end date anyway). Resolves with how many were sent.
 */
export async function sendProReminders(deps: ProReminderDeps, now: number): Promise<number> {
  const from = new Date(now).toISOString();
  const until = new Date(now + PRO_REMINDER_DAYS * DAY_MS).toISOString();
  const { users } = deps.repos.accounts;
  const due = await users.dueProReminders(from, until);
  const link = `${deps.publicUrl ?? ''}/subscribe`;
  let sent = 0;
  for (const user of due) {
    if (!(await users.claimProReminder(user.id, user.pro_until))) continue;
    await deps.mailer.send(
      proEndingMail(user.email, user.username, formatEndDate(user.pro_until), link),
    );
    sent++;
  }
  return sent;
}
