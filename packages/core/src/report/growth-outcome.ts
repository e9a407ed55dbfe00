/**
 * The sentences of the growth bounds that end a crawl with no plan cap (issue 30 point 2): which
 * bound ended it, at which figure, and what the user can do. Kept apart from `outcome.ts` so
 * each end reason family reads on its own.
 */
import type { GrowthLimit } from '../crawler/types.js';
import { megabytes } from '../limits/storage-budget.js';
import { plural } from '../text/counts.js';

/**
 * How the shell that ran the crawl lets its user raise a growth bound, by bound (the CLI's
 * `--max-storage-mb`); a bound absent here cannot be raised by the one who reads the sentence.
 */
export type GrowthRaise = Partial<Record<'frontier-limit' | 'storage-limit', string>>;

/** What to do next: only the exclusion when the bound cannot be raised, else either remedy. */
function remedy(raise: string | undefined): string {
  if (raise === undefined) return ' Exclude the endless part with a pattern and crawl again.';
  return ` If the site is this large, crawl again with a higher ${raise}; if it is a link trap, exclude the endless part with a pattern instead.`;
}

/**
 * "Stopped at the frontier bound of 2,000,000 URLs (a link trap?)…"; `limit` is the bound's
 * figure (URLs, or bytes for the storage bounds), `more` the "; N more URLs were waiting" tail,
 * `raise` the shell's way to raise the bound, when its reader has one.
 */
export function growthSentence(
  reason: GrowthLimit,
  limit: number | undefined,
  more: string,
  raise: GrowthRaise = {},
): string {
  switch (reason) {
    case 'frontier-limit': {
      const how = raise['frontier-limit'];
      const trap = how === undefined ? ' (a link trap?)' : '';
      return `Stopped at the frontier bound of ${limit === undefined ? 'a crawl' : plural(limit, 'URL')}${trap}: the site links to more URLs than one crawl queues, so the rest were left out${more}.${remedy(how)}`;
    }
    case 'storage-limit': {
      const how = raise['storage-limit'];
      const trap = how === undefined ? ' (a link trap?)' : '';
      return `Stopped at the storage bound of ${limit === undefined ? 'a crawl' : megabytes(limit)} for one crawl${trap}${more}.${remedy(how)}`;
    }
    case 'storage-budget':
      return `Stopped: your crawls use all ${limit === undefined ? 'the storage' : `${megabytes(limit)} of storage`} your plan keeps${more}. Delete old crawls to free space.`;
  }
}
