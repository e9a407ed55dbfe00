import { describe, expect, it } from 'vitest';
import { crawlNotes } from '../crawler/crawl-notes.js';
import { slowPagesNote } from '../crawler/failure-text.js';
import { imageCheckNotes } from '../crawler/media-notes.js';
import { DEFAULT_CRAWL_OPTIONS } from '../crawler/options.js';
import { retryInWords } from '../limits/retry-text.js';
import { lengthNote } from '../seo/rules/text-length.js';
import { pagesHave } from '../seo/types.js';
import { agree } from './counts.js';

/** Walkthrough defect 43: the core's messages that counted by hand, with 1 and with 2. */
describe('counted messages', () => {
  it('pick the word that agrees with the count', () => {
    expect(agree(1, 'was', 'were')).toBe('was');
    expect(agree(2, 'was', 'were')).toBe('were');
    expect(agree(0, 'image')).toBe('images');
  });

  it('in the image-check notes', () => {
    const bounds = { max: 1, concurrency: 1, budgetMs: 1000 };
    const check = (n: number) => ({
      broken: new Map(),
      checked: 0,
      unchecked: n,
      blocked: n,
      failed: n,
    });
    expect(imageCheckNotes(check(1), bounds)).toEqual([
      '1 image not checked because robots.txt disallows fetching it (still listed)',
      '1 image could not be checked (no answer, or an address that may not be fetched) and is still listed',
      '1 image not checked for 4xx answers (the crawl checks the first 1 image, within 1 s) and still listed',
    ]);
    expect(imageCheckNotes(check(2), { ...bounds, max: 2 })).toEqual([
      '2 images not checked because robots.txt disallows fetching them (still listed)',
      '2 images could not be checked (no answer, or an address that may not be fetched) and are still listed',
      '2 images not checked for 4xx answers (the crawl checks the first 2 images, within 1 s) and still listed',
    ]);
  });

  it('in the crawl notes', () => {
    const notes = (n: number) =>
      crawlNotes(
        {
          endedBy: 'finished',
          pruned: {},
          queued: 0,
          appShell: null,
          templateImages: { images: n, entries: n },
        },
        { ...DEFAULT_CRAWL_OPTIONS, startUrl: 'https://a.example/' },
      );
    expect(notes(1)[0]).toMatch(/^1 image on more .*: 1 entry$/);
    expect(notes(2)[0]).toMatch(/^2 images on more .*: 2 entries$/);
  });

  it('in the slow pages, the retry wait and the SEO counts', () => {
    expect(slowPagesNote({ slowInFlight: 1 })).toBe('Waiting for 1 slow page.');
    expect(slowPagesNote({ slowInFlight: 2 })).toBe('Waiting for 2 slow pages.');
    expect(retryInWords(1)).toBe('Try again in 1 second.');
    expect(retryInWords(2)).toBe('Try again in 2 seconds.');
    expect(retryInWords(7200)).toBe('Try again in 2 hours.');
    expect(pagesHave(1)).toBe('1 page has');
    expect(pagesHave(2)).toBe('2 pages have');
    expect(lengthNote('A', { min: 10, max: 60 })).toBe('“A” (1 character, under 10)');
    expect(lengthNote('AB', { min: 10, max: 60 })).toBe('“AB” (2 characters, under 10)');
  });
});
