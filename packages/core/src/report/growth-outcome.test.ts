import { describe, expect, it } from 'vitest';
import { growthSentence } from './growth-outcome.js';

describe('growthSentence', () => {
  const more = '; 12 more URLs were waiting';

  it('names the way to raise a bound where the reader has one', () => {
    const raise = { 'storage-limit': '--max-storage-mb', 'frontier-limit': '--max-frontier-urls' };
    expect(growthSentence('storage-limit', 1024 ** 3, more, raise)).toBe(
      'Stopped at the storage bound of 1,024 MB for one crawl; 12 more URLs were waiting. If the site is this large, crawl again with a higher --max-storage-mb; if it is a link trap, exclude the endless part with a pattern instead.',
    );
    expect(growthSentence('frontier-limit', 2_000_000, '', raise)).toBe(
      'Stopped at the frontier bound of 2,000,000 URLs: the site links to more URLs than one crawl queues, so the rest were left out. If the site is this large, crawl again with a higher --max-frontier-urls; if it is a link trap, exclude the endless part with a pattern instead.',
    );
  });

  it('keeps to the exclusion where the bound cannot be raised (the hosted app)', () => {
    expect(growthSentence('storage-limit', 1024 ** 3, more)).toBe(
      'Stopped at the storage bound of 1,024 MB for one crawl (a link trap?); 12 more URLs were waiting. Exclude the endless part with a pattern and crawl again.',
    );
    expect(growthSentence('frontier-limit', 2_000_000, '', { 'storage-limit': '--x' })).toBe(
      'Stopped at the frontier bound of 2,000,000 URLs (a link trap?): the site links to more URLs than one crawl queues, so the rest were left out. Exclude the endless part with a pattern and crawl again.',
    );
  });
});
