// Issue 13 point 1: schedule times are wall-clock times in the user's zone, DST included, and a
// monthly day past the month's end runs on its last day.
import { describe, expect, it } from 'vitest';
import { isTimeZone, nextRunAfter } from './next-run.js';

const iso = (ms: number) => new Date(ms).toISOString();
const at = (text: string) => Date.parse(text);

describe('nextRunAfter', () => {
  it('runs daily at the local time, across a spring-forward change', () => {
    const t = { frequency: 'daily', time: '09:00', timeZone: 'Europe/Berlin' } as const;
    expect(iso(nextRunAfter(t, at('2026-03-28T12:00:00Z')))).toBe('2026-03-29T07:00:00.000Z');
    expect(iso(nextRunAfter(t, at('2026-03-27T12:00:00Z')))).toBe('2026-03-28T08:00:00.000Z');
    expect(iso(nextRunAfter(t, at('2026-03-28T07:59:00Z')))).toBe('2026-03-28T08:00:00.000Z');
  });

  it('moves a time skipped by DST an hour on, and takes the first of a doubled time', () => {
    const skipped = { frequency: 'daily', time: '02:30', timeZone: 'Europe/Berlin' } as const;
    expect(iso(nextRunAfter(skipped, at('2026-03-28T12:00:00Z')))).toBe('2026-03-29T01:30:00.000Z');
    expect(iso(nextRunAfter(skipped, at('2026-10-24T12:00:00Z')))).toBe('2026-10-25T00:30:00.000Z');
  });

  it('runs weekly on its weekday in the zone, not in UTC', () => {
    // Monday 08:00 in Auckland is Sunday evening in UTC.
    const t = {
      frequency: 'weekly',
      weekday: 1,
      time: '08:00',
      timeZone: 'Pacific/Auckland',
    } as const;
    expect(iso(nextRunAfter(t, at('2026-06-01T00:00:00Z')))).toBe('2026-06-07T20:00:00.000Z');
  });

  it('runs monthly on day 31 at the end of shorter months', () => {
    const t = { frequency: 'monthly', monthDay: 31, time: '06:00', timeZone: 'UTC' } as const;
    let now = at('2026-01-31T07:00:00Z');
    const runs: string[] = [];
    for (let i = 0; i < 4; i++) {
      now = nextRunAfter(t, now);
      runs.push(iso(now).slice(0, 10));
    }
    expect(runs).toEqual(['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
  });

  it('knows IANA zones', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
