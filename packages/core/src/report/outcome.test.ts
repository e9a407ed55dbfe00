import { describe, expect, it } from 'vitest';
import { makePage } from '../export/make-page.js';
import { DownloadTally, endReasonOf, endSentence, nothingListedSentence } from './outcome.js';
import { REASON_LABELS } from './verdict-words.js';

const count = (reason: keyof typeof REASON_LABELS, n: number) => ({
  reason,
  label: REASON_LABELS[reason],
  count: n,
});

describe('why a crawl listed nothing, in one sentence', () => {
  it('names the one cause the verdicts share', () => {
    const start = makePage('https://a.example/', {
      status: 401,
      verdict: { included: false, code: 'status', reason: 'excluded: 401' },
    });
    expect(nothingListedSentence([count('status', 12)], start, null)).toBe(
      'Every page answered 401, so nothing could be listed.',
    );
    const away = makePage('https://a.example/', {
      redirectChain: [{ url: 'https://a.example/', status: 301 }],
      finalUrl: 'https://elsewhere.example/home',
      verdict: { included: false, code: 'redirect', reason: 'excluded: 301 -> x' },
    });
    expect(nothingListedSentence([count('redirect', 1)], away, null)).toBe(
      'The start page redirects to another site (https://elsewhere.example); crawl that address instead.',
    );
    const listed = makePage('https://a.example/');
    expect(nothingListedSentence([count('listed', 1)], listed, null)).toBeNull();
    expect(nothingListedSentence([count('noindex', 3), count('status', 2)], listed, null)).toBe(
      'Nothing could be listed: 3 noindex, 2 error answers.',
    );
    // The rows of URLs outside the site the pages link to do not change what the site did.
    const noindex = makePage('https://a.example/', {
      verdict: { included: false, code: 'noindex', reason: 'excluded: noindex' },
    });
    expect(
      nothingListedSentence([count('noindex', 4), count('out-of-scope', 9)], noindex, null),
    ).toBe('Every page is marked noindex, so nothing could be listed.');
  });
});

describe('how a crawl ended', () => {
  const free = { planName: 'free', planCap: 100, pageCap: 100, monthQuota: 500, quotaHit: false };
  it('tells the plan cap from the monthly quota and the engineering cap', () => {
    expect(endReasonOf('page-limit', free)).toBe('plan-limit');
    expect(endReasonOf('page-limit', { ...free, pageCap: 20 })).toBe('monthly-quota');
    expect(endReasonOf('page-limit', { ...free, quotaHit: true })).toBe('monthly-quota');
    expect(
      endReasonOf('page-limit', { ...free, planName: 'Pro', planCap: null, pageCap: 1e6 }),
    ).toBe('engineering-limit');
    expect(endReasonOf(null, free)).toBe('interrupted');
    expect(endSentence('plan-limit', free, 3212)).toBe(
      "Stopped at your free plan's 100-page limit; 3,212 more URLs were waiting. Pro crawls them all.",
    );
    expect(endSentence('finished', free, 0)).toBeNull();
  });

  it('says when the URL limit (free URLs per page of the cap) ended a crawl', () => {
    expect(endReasonOf('url-limit', free)).toBe('url-limit');
    expect(endSentence('url-limit', free, 40)).toBe(
      'Stopped after 1,000 URLs, 10 for each page of the 100-page limit: most answered with redirects, errors or robots.txt blocks; 40 more URLs were waiting.',
    );
  });
});

describe('download availability', () => {
  it('disables the video sitemap with what its videos lack', () => {
    const tally = new DownloadTally();
    const video = {
      contentUrl: 'https://a.example/v.mp4',
      playerUrl: null,
      thumbnailUrl: 'https://a.example/t.jpg',
      title: 'A video',
      description: null,
      durationSeconds: null,
      publicationDate: null,
    };
    tally.observe(makePage('https://a.example/', { videos: [video, video, video] }));
    const videos = tally.finish(null).find((d) => d.format === 'videos');
    expect(videos).toEqual({
      format: 'videos',
      available: false,
      reason: 'no videos found; 3 left out: missing description',
    });
    expect(tally.finish(null).find((d) => d.format === 'xml')?.available).toBe(true);
  });
});
