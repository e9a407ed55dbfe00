import { describe, expect, it } from 'vitest';
import { estimateText, formatElapsed, hintText, progressNote, progressPercent } from './progress';

describe('crawl progress rules (spec §9)', () => {
  it('bar width is pages / 100 up to 80 %, then keeps moving towards 99 % without reaching it', () => {
    expect(progressPercent(0)).toBe(0);
    expect(progressPercent(42)).toBe(42);
    expect(progressPercent(80)).toBe(80);
    const later = [90, 150, 300, 1000, 5000].map(progressPercent);
    for (let i = 1; i < later.length; i++) {
      expect(later[i]).toBeGreaterThan(later[i - 1] ?? 0);
    }
    expect(progressPercent(100_000)).toBeLessThan(100);
  });

  it('shows one note: the estimate once known, else the size hint, never both', () => {
    expect(progressNote(10, 120)).toContain('2-5 minutes');
    expect(progressNote(100, 200)).toBe('Less than 1 minute remaining');
  });

  it('estimate appears only after 60 s and 10 pages', () => {
    expect(estimateText(59, 500)).toBeNull();
    expect(estimateText(600, 9)).toBeNull();
    expect(estimateText(60, 10)).not.toBeNull();
  });

  it('estimate targets max(1.5 x pages, 100) at the current rate, in buckets', () => {
    // 10 pages in 60 s: 90 left at 1/6 page/s = 540 s.
    expect(estimateText(60, 10)).toBe('More than 5 minutes remaining');
    // 50 pages in 60 s: 50 left at 5/6 page/s = 60 s.
    expect(estimateText(60, 50)).toBe('About 1-2 minutes remaining');
    // 90 pages in 60 s: 10 left at 1.5 page/s = 6.7 s.
    expect(estimateText(60, 90)).toBe('Less than 1 minute remaining');
    // 200 pages in 100 s: target 300, 100 left at 2 page/s = 50 s.
    expect(estimateText(100, 200)).toBe('Less than 1 minute remaining');
    // 40 pages in 100 s: 60 left at 0.4 page/s = 150 s.
    expect(estimateText(100, 40)).toBe('About 2-5 minutes remaining');
  });

  it('hints follow the pages found', () => {
    expect(hintText(24)).toContain('15-30 seconds');
    expect(hintText(25)).toContain('30-60 seconds');
    expect(hintText(50)).toContain('1-2 minutes');
    expect(hintText(100)).toContain('2-5 minutes');
  });

  it('elapsed time reads m:ss', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(75.9)).toBe('1:15');
  });
});
