import { describe, expect, it } from 'vitest';
import { addOneMonth, toCents } from './billing-period.js';

describe('one billing month', () => {
  it('keeps the day and time, clamping to the end of a shorter month', () => {
    const iso = (s: string) => addOneMonth(new Date(s)).toISOString();
    expect(iso('2026-11-21T11:00:00.000Z')).toBe('2026-12-21T11:00:00.000Z');
    expect(iso('2026-12-31T23:59:59.999Z')).toBe('2027-01-31T23:59:59.999Z');
    expect(iso('2027-01-31T08:00:00.000Z')).toBe('2027-02-28T08:00:00.000Z');
    expect(iso('2028-01-30T08:00:00.000Z')).toBe('2028-02-29T08:00:00.000Z');
    expect(iso('2026-03-31T00:00:00.000Z')).toBe('2026-04-30T00:00:00.000Z');
  });

  it('reads PayPal amounts exactly, refusing anything else', () => {
    expect(toCents('3.00')).toBe(300);
    expect(toCents('3')).toBe(300);
    expect(toCents('3.0')).toBe(300);
    expect(toCents('2.99')).toBe(299);
    expect(toCents('3.001')).toBeNaN();
    expect(toCents('-3.00')).toBeNaN();
    expect(toCents('3e0')).toBeNaN();
    expect(toCents(undefined)).toBeNaN();
  });
});
