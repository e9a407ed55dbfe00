import { describe, expect, it } from 'vitest';
import { interruptedTooOften } from './job-queue.js';

/** Walkthrough defect 43: "interrupted 1 times" read wrong. */
describe('the error of a crawl interrupted too often', () => {
  it('counts its interruptions and pages in the right number', () => {
    expect(interruptedTooOften(1, 1)).toMatch(
      /^The crawl was interrupted 1 time \(.*; 1 page had been stored\./,
    );
    expect(interruptedTooOften(2, 2)).toMatch(
      /^The crawl was interrupted 2 times \(.*; 2 pages had been stored\./,
    );
  });
});
