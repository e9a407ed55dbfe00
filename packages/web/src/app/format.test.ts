import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';

/** The one format of dates (walkthrough defect 44; see tests/web/date-format.test.ts). */
describe('formatDate and formatDateTime', () => {
  it('read "November 26, 2026" and, with the time, "November 26, 2026, 09:48 AM UTC"', () => {
    expect(formatDate('2026-11-26T09:48:19Z')).toBe('November 26, 2026');
    expect(formatDateTime('2026-11-26T09:48:19Z')).toBe('November 26, 2026, 09:48 AM UTC');
  });
});
