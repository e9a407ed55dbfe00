import type { Schedule, ScheduleTiming } from '@mapsmith/core/browser';

/** Weekday names, Sunday first (the contract's 0 to 6). */
export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** "Daily at 06:30", "Weekly on Monday at 06:30", "Monthly on day 31 at 06:30". */
export function cadenceWords(t: ScheduleTiming): string {
  if (t.frequency === 'weekly') return `Weekly on ${WEEKDAYS[t.weekday ?? 0]} at ${t.time}`;
  if (t.frequency === 'monthly') return `Monthly on day ${t.monthDay ?? 1} at ${t.time}`;
  return `Daily at ${t.time}`;
}

/** An instant as the schedule's zone shows it: "Mon, May 4, 06:30". */
export function zonedWords(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleString('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}

/** The state of a schedule in words. */
export const STATE_WORDS: Readonly<Record<Schedule['state'], string>> = {
  active: 'Active',
  paused: 'Paused',
  'pro-ended': 'Paused: Pro ended',
  running: 'Running now',
};

/** The user's time zone as the browser knows it (UTC when it does not say). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The time zones the browser knows, for the form's list (the user's own first). */
export function timeZones(): string[] {
  const own = browserTimeZone();
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  return [own, ...all.filter((z) => z !== own)];
}
