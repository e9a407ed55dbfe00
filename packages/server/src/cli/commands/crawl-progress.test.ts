import { describe, expect, it } from 'vitest';
import { progressLine } from './crawl-progress.js';

const state = { pagesCrawled: 4, listed: 3, queued: 2, elapsedMs: 4000 };

describe('the CLI progress line', () => {
  it('names the URL in flight, and says so when it waits for slow pages instead', () => {
    expect(progressLine({ ...state, currentUrl: 'https://a.example/x' }, 200)).toBe(
      '4 pages, 3 listed, 2 queued, 1.0 pages/s, 0:04  https://a.example/x',
    );
    expect(
      progressLine(
        {
          ...state,
          currentUrl: 'https://a.example/x',
          slowNote: 'Waiting for 2 slow pages: each gets 15 s, then one short retry.',
        },
        200,
      ),
    ).toBe(
      '4 pages, 3 listed, 2 queued, 1.0 pages/s, 0:04  Waiting for 2 slow pages: each gets 15 s, then one short retry.',
    );
  });
});
