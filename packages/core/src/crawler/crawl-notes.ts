/**
 * The summary's notes: what the crawl left out and why, in words for the summary and the report
 * (issue 18: a crawl a bound cut short must say so even when it otherwise "finished").
 */

import { agree, plural } from '../text/counts.js';
import { MAX_OUTSIDE_ROWS } from './link-admission.js';
import type { CrawlOptions } from './options.js';
import type { EndedBy, PruneBound } from './types.js';

const urls = (n: number) => plural(n, 'URL');
const were = (n: number) => agree(n, 'was', 'were');

/**
 * One sentence per bound that kept URLs out, for the summary's notes and the report: a crawl
 * that a bound cut short must say so even when it otherwise "finished" (issue 18). Scope
 * (other sites) is not a bound that loses pages of the site, so it is not named.
 */
function describePruned(
  pruned: Partial<Record<PruneBound, number>>,
  options: Pick<
    CrawlOptions,
    | 'maxDepth'
    | 'maxUrlLength'
    | 'maxRepeatedSegments'
    | 'maxQueryVariants'
    | 'maxSegmentOccurrences'
    | 'maxPathSegments'
    | 'maxUrlsPerTemplate'
  >,
): string[] {
  const notes: string[] = [];
  const say = (bound: PruneBound, text: (n: number) => string) => {
    const n = pruned[bound] ?? 0;
    if (n > 0) notes.push(text(n));
  };
  // The page cap is the crawl's end reason, which each shell words for its own user (the
  // app's "Stopped at your free plan's 100-page limit", the CLI's summary line): not a note too.
  say('depth', (n) => `${urls(n)} deeper than ${options.maxDepth} ${were(n)} not crawled`);
  say(
    'url-length',
    (n) =>
      `${urls(n)} longer than ${plural(options.maxUrlLength, 'character')} ${were(n)} not crawled`,
  );
  say(
    'repeated-segments',
    (n) =>
      `${urls(n)} repeating a path segment more than ${plural(options.maxRepeatedSegments, 'time')} ${were(n)} not crawled (crawl-trap bound)`,
  );
  say(
    'query-variants',
    (n) =>
      `${urls(n)} beyond ${options.maxQueryVariants} query strings per path ${were(n)} not crawled (crawl-trap bound)`,
  );
  say(
    'segment-occurrences',
    (n) =>
      `${urls(n)} with one path segment more than ${plural(options.maxSegmentOccurrences, 'time')} ${were(n)} not crawled (crawl-trap bound)`,
  );
  say(
    'path-segments',
    (n) =>
      `${urls(n)} deeper than ${options.maxPathSegments} path segments ${were(n)} not crawled (crawl-trap bound)`,
  );
  say(
    'path-template',
    (n) =>
      `${urls(n)} beyond ${plural(options.maxUrlsPerTemplate, 'URL')} of one pattern (numbers and query values aside, like a calendar's months) ${were(n)} not crawled (crawl-trap bound)`,
  );
  say('pattern', (n) => `${urls(n)} left out by the include and exclude patterns`);
  return notes;
}

/** What the notes are made of. */
export interface NotesInput {
  /** Pruned URLs by bound. */
  pruned: Partial<Record<PruneBound, number>>;
  /** Why the crawl ended. */
  endedBy: EndedBy;
  /** URLs still queued at the end. */
  queued: number;
  /** Why the start page looks like an app this crawl could not render, if it does. */
  appShell: string | null;
  /** Site-chrome images left out, and the image entries that removed. */
  templateImages: { images: number; entries: number };
  /** URLs outside the site kept as report rows (the rest are only counted, `pruned.scope`). */
  outsideKept?: number;
  /** Notes about left-out media (see `media-notes.ts`). */
  media?: string[];
}

/** The notes of a crawl, most important first. */
export function crawlNotes(input: NotesInput, options: CrawlOptions): string[] {
  const notes: string[] = [];
  if (input.appShell)
    notes.push(
      `The start page looks like a JavaScript app (${input.appShell}): crawl with rendering to find the pages its scripts link to`,
    );
  if (input.endedBy === 'time-limit' && input.queued > 0)
    notes.push(
      `${urls(input.queued)} ${were(input.queued)} still queued when the time limit of ${Math.round(options.timeLimitMs / 60_000)} min was reached`,
    );
  for (const note of describePruned(input.pruned, options)) notes.push(note);
  const kept = input.outsideKept ?? 0;
  const more = (input.pruned.scope ?? 0) - kept;
  if (kept >= MAX_OUTSIDE_ROWS && more > 0)
    notes.push(
      `The report lists the first ${plural(MAX_OUTSIDE_ROWS, 'URL')} outside the site that its pages link to; ${urls(more)} more outside the site ${were(more)} counted but not listed`,
    );
  const { images, entries } = input.templateImages;
  if (entries > 0)
    notes.push(
      `${plural(images, 'image')} on more than a quarter of the listed pages (site chrome: logos, icons, badges) left out of the image lists: ${plural(entries, 'entry', 'entries')}`,
    );
  for (const note of input.media ?? []) notes.push(note);
  return notes;
}
