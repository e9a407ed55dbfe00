import { describe, expect, it } from 'vitest';
import { w3cTime } from './values.js';

describe('w3cTime', () => {
  it('reads plain dates by character exactly as the general pattern reads the full form', () => {
    for (const day of ['2024-02-29', '2000-02-29', '2026-01-01', '1999-12-31', '2026-04-30'])
      expect(w3cTime(day)).toBe(w3cTime(`${day}T00:00:00Z`));
    expect(w3cTime('2026-01-15')).toBe(Date.UTC(2026, 0, 15));
  });

  it('refuses impossible and malformed plain dates', () => {
    for (const bad of [
      '2023-02-29',
      '1900-02-29',
      '2024-02-30',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '2026-1a-01',
      '20a6-01-01',
      '2026/01/01',
      '2026-01-1 ',
    ])
      expect(w3cTime(bad), bad).toBeNull();
  });

  it('still reads the other W3C forms', () => {
    expect(w3cTime('2026')).toBe(Date.UTC(2026, 0, 1));
    expect(w3cTime('2026-03')).toBe(Date.UTC(2026, 2, 1));
    expect(w3cTime('2026-03-04T05:06+01:00')).toBe(Date.UTC(2026, 2, 4, 4, 6));
    expect(w3cTime('2023-02-29T00:00:00Z')).toBeNull();
  });
});
