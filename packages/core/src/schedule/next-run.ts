/**
 * When a schedule runs next (issue 13): daily, weekly on a weekday or monthly on a day, at a
 * time of day in the user's IANA time zone. Computed with `Intl` only, so it runs in the browser
 * (the form's "next run" preview) and on the server alike, and daylight saving is the zone's
 * own: 09:00 in Europe/Berlin stays 09:00 there in summer and in winter.
 */

/** The timing of a schedule. */
export interface ScheduleTiming {
  frequency: 'daily' | 'weekly' | 'monthly';
  /** 0 (Sunday) to 6, for `weekly`. */
  weekday?: number | null;
  /** 1 to 31, for `monthly`; a month with fewer days runs on its last day. */
  monthDay?: number | null;
  /** `HH:MM`, 24-hour, local to `timeZone`. */
  time: string;
  /** IANA zone, e.g. `Europe/Berlin`. */
  timeZone: string;
}

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The wall-clock fields of instant `ms` in `zone` (month 1 to 12). */
function wallClock(ms: number, zone: string) {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(ms))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** How far `zone` is ahead of UTC at instant `ms`, in ms. */
function offsetAt(ms: number, zone: string): number {
  const w = wallClock(ms, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant the wall clock of `zone` shows this date and time. A time skipped by a spring-
 * forward change falls an hour later (it does not exist that day); a time shown twice in autumn
 * is the first of the two.
 */
export function zonedInstant(
  zone: string,
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The offsets in force half a day around the date cover both sides of a change that day.
  const candidates = [wall - 43_200_000, wall, wall + 43_200_000].map(
    (probe) => wall - offsetAt(probe, zone),
  );
  const shown = candidates.filter((at) => {
    const w = wallClock(at, zone);
    return w.day === day && w.hour === hour && w.minute === minute;
  });
  if (shown.length > 0) return shown.reduce((a, b) => Math.min(a, b));
  return candidates.reduce((a, b) => Math.max(a, b));
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whether the schedule runs on this local date. */
function runsOn(t: ScheduleTiming, year: number, month: number, day: number): boolean {
  if (t.frequency === 'daily') return true;
  if (t.frequency === 'weekly')
    return new Date(Date.UTC(year, month - 1, day)).getUTCDay() === t.weekday;
  const wanted = Math.min(t.monthDay ?? 1, daysInMonth(year, month));
  return day === wanted;
}

/** The first instant after `afterMs` at which the schedule is due. */
export function nextRunAfter(t: ScheduleTiming, afterMs: number): number {
  const [hour, minute] = t.time.split(':').map(Number) as [number, number];
  const today = wallClock(afterMs, t.timeZone);
  // Local calendar days from today on; a monthly schedule is found within 62 days.
  for (let i = 0; i < 400; i++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day) + i * DAY_MS);
    const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    if (!runsOn(t, y, m, d)) continue;
    const at = zonedInstant(t.timeZone, y, m, d, hour, minute);
    if (at > afterMs) return at;
  }
  throw new Error('no run found within 400 days');
}
