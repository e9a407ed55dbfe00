/**
 * The sentences of the growth bounds that end a crawl with no plan cap (issue 30 point 2): which
 * bound ended it, at which figure, and what the user can do. Kept apart from `outcome.ts` so
 * each end reason family reads on its own.
 */
import type { GrowthLimit } from '../crawler/types.js';
import { megabytes } from '../limits/storage-budget.js';
import { plural } from '../text/counts.js';

/**
 * "Stopped at the frontier bound of 2,000,000 URLs (a link trap?)…"; `limit` is the bound's
 * figure (URLs, or bytes for the storage bounds), `more` the "; N more URLs were waiting" tail.
 */
export function growthSentence(
  reason: GrowthLimit,
  limit: number | undefined,
  more: string,
): string {
  switch (reason) {
    case 'frontier-limit':
      return `Stopped at the frontier bound of ${limit === undefined ? 'a crawl' : plural(limit, 'URL')} (a link trap?): the site links to more URLs than one crawl queues, so the rest were left out${more}. Exclude the endless part with a pattern and crawl again.`;
    case 'storage-limit':
      return `Stopped at the storage bound of ${limit === undefined ? 'a crawl' : megabytes(limit)} for one crawl (a link trap?)${more}. Exclude the endless part with a pattern and crawl again.`;
    case 'storage-budget':
      return `Stopped: your crawls use all ${limit === undefined ? 'the storage' : `${megabytes(limit)} of storage`} your plan keeps${more}. Delete old crawls to free space.`;
  }
}
