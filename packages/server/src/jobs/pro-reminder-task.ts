import { type ProReminderDeps, sendProReminders } from '../payments/pro-reminder.js';
import type { BackgroundTask } from './task.js';

/** How often the reminder pass runs: hourly is precise enough for "3 days before". */
export const PRO_REMINDER_INTERVAL_MS = 60 * 60 * 1000;

/** Mails users whose Pro ends within three days (a payment buys one month and never renews). */
export class ProReminderTask implements BackgroundTask<number, number> {
  /** A missed pass is simply done at the next one. */
  readonly maxAttempts = 1;

  /** Reads users and sends through `deps`. */
  constructor(private readonly deps: ProReminderDeps) {}

  /** `now` is ms since the epoch; resolves with how many reminders went out. */
  perform(now: number): Promise<number> {
    return sendProReminders(this.deps, now);
  }

  /** Logged only; no user sees it. */
  onFailed(error: unknown): string {
    return `Pro reminder failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}
