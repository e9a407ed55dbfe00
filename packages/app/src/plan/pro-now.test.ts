import { describe, expect, it } from 'vitest';
import { isProAt } from './pro-now.js';

/** Issue 27 point 2: "is this user Pro now" is decided by one rule, pinned at its boundary. */
describe('whether an account is Pro now', () => {
  const now = Date.UTC(2026, 10, 26, 12);
  const at = (ms: number) => new Date(ms).toISOString();

  it('is Pro while the paid period ends later than now', () => {
    expect(isProAt(at(now + 1), now)).toBe(true);
    expect(isProAt(at(now + 30 * 86_400_000), now)).toBe(true);
  });

  it('is not Pro at the instant the period ends, nor after', () => {
    expect(isProAt(at(now), now)).toBe(false);
    expect(isProAt(at(now - 1), now)).toBe(false);
  });

  it('is not Pro without a paid period or with an unreadable one', () => {
    expect(isProAt(null, now)).toBe(false);
    expect(isProAt(undefined, now)).toBe(false);
    expect(isProAt('', now)).toBe(false);
    expect(isProAt('not a time', now)).toBe(false);
  });

  it('is not Pro once a refund took the only month back (paid-until moved to now)', () => {
    // takeBackMonth (server payments/refund.ts) moves pro_until back by the month, never before
    // now; routes/paypal/reconcile.test.ts drives a real refund through the hosted session.
    expect(isProAt(at(now), now)).toBe(false);
  });
});
