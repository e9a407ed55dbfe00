import { auditStoppedNote } from '@mapsmith/app';
import { describe, expect, it } from 'vitest';
import { progressLine } from './crawl-progress.js';

/** Walkthrough defect 43: the server's counted lines, with 1 and with 2. */
describe('counted lines of the server', () => {
  it('say 1 page and 2 pages', () => {
    const state = (n: number) => ({
      pagesCrawled: n,
      listed: n,
      queued: 0,
      elapsedMs: 1000,
      currentUrl: null,
    });
    expect(progressLine(state(1), 200)).toMatch(/^1 page, 1 listed/);
    expect(progressLine(state(2), 200)).toMatch(/^2 pages, 2 listed/);
    expect(auditStoppedNote(1)).toBe(
      'Stopped by you after 1 URL checked; the URLs checked so far are shown.',
    );
    expect(auditStoppedNote(2)).toMatch(/^Stopped by you after 2 URLs checked/);
  });
});
