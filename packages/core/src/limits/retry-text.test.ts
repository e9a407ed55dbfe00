import { describe, expect, it } from 'vitest';
import { retryInWords } from './retry-text.js';

describe('retryInWords', () => {
  it('says when to retry, rounding up so nobody retries too early', () => {
    expect(retryInWords(3530)).toBe('Try again in 59 minutes.');
    expect(retryInWords(61)).toBe('Try again in 2 minutes.');
    expect(retryInWords(60)).toBe('Try again in 1 minute.');
    expect(retryInWords(1)).toBe('Try again in 1 second.');
    expect(retryInWords(45)).toBe('Try again in 45 seconds.');
    expect(retryInWords(3 * 3600)).toBe('Try again in 3 hours.');
    expect(retryInWords(Number.NaN)).toBe('Try again later.');
  });
});
