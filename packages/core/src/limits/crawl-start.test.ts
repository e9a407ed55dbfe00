import { describe, expect, it } from 'vitest';
import { decideCrawlStart, HOUR_MS, monthKey, nextMonthStart } from './crawl-start.js';

const now = Date.UTC(2025, 5, 30, 23, 59);
const counts = (over: Partial<Parameters<typeof decideCrawlStart>[1]> = {}) => ({
  startsInWindow: 0,
  oldestStartMs: null,
  monthPages: 0,
  storedBytes: 0,
  ...over,
});

describe('decideCrawlStart', () => {
  it('gives a free crawl 100 pages, or what the month has left', () => {
    expect(decideCrawlStart('free', counts(), now, 1_000_000)).toMatchObject({
      ok: true,
      pageCap: 100,
      monthQuota: 500,
    });
    expect(decideCrawlStart('free', counts({ monthPages: 450 }), now, 1_000_000)).toMatchObject({
      ok: true,
      pageCap: 50,
    });
    expect(decideCrawlStart('free', counts({ monthPages: 500 }), now, 1_000_000)).toMatchObject({
      ok: false,
      reason: 'monthly',
    });
  });

  it('refuses a start once the crawls of the user hold the storage budget of the plan', () => {
    const budget = 2_048 * 1024 ** 2;
    expect(
      decideCrawlStart('pro', counts({ storedBytes: budget - 1 }), now, 1_000_000),
    ).toMatchObject({ ok: true, storageBudget: budget });
    expect(decideCrawlStart('pro', counts({ storedBytes: budget }), now, 1_000_000)).toMatchObject({
      ok: false,
      reason: 'storage',
      storage: { used: budget, budget },
    });
    // On the user's own disk (the desktop) nothing is counted and no budget applies.
    expect(decideCrawlStart('pro', counts({ storedBytes: null }), now, 1_000_000)).toMatchObject({
      ok: true,
      storageBudget: null,
    });
  });

  it('counts the rolling hour: the 11th free start is refused until the oldest leaves', () => {
    const oldest = now - HOUR_MS + 60_000;
    const refused = decideCrawlStart(
      'free',
      counts({ startsInWindow: 10, oldestStartMs: oldest }),
      now,
      1_000_000,
    );
    expect(refused).toEqual({
      ok: false,
      reason: 'hourly',
      rate: { limit: 10, remaining: 0, resetMs: oldest + HOUR_MS },
    });
    const ninth = decideCrawlStart('free', counts({ startsInWindow: 8 }), now, 1_000_000);
    expect(ninth.rate.remaining).toBe(1);
  });

  it('gives Pro no monthly quota, 60 starts an hour and the engineering cap', () => {
    const pro = decideCrawlStart('pro', counts({ monthPages: 10_000 }), now, 250_000);
    expect(pro).toMatchObject({ ok: true, pageCap: 250_000, monthQuota: null });
    expect(pro.rate.limit).toBe(60);
  });

  it('refuses anonymous visitors', () => {
    expect(decideCrawlStart('anonymous', counts(), now, 1_000_000)).toMatchObject({
      ok: false,
      reason: 'plan',
    });
  });
});

describe('the monthly meter calendar (UTC)', () => {
  it('keys by UTC month and resets on the 1st', () => {
    expect(monthKey(now)).toBe('2025-06');
    expect(nextMonthStart(now).toISOString()).toBe('2025-07-01T00:00:00.000Z');
    expect(nextMonthStart(Date.UTC(2025, 11, 31)).toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
});
