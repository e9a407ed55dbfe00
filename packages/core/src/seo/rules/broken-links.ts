import type { PageRecord } from '../../crawler/types.js';
import { plural } from '../../text/counts.js';
import { isLinked } from '../scope.js';
import { Examples, type SeoRule } from '../types.js';
import { isTimedOut } from './timed-out.js';

/**
 * A linked URL that answered 4xx/5xx, or no answer at all: robots-blocked URLs aside, and URLs
 * that timed out (slow is not broken: they have their own issue, `timed-out`).
 */
export function isBroken(page: PageRecord): boolean {
  if (page.status >= 400) return true;
  const blocked = !page.verdict.included && page.verdict.code === 'robots';
  return page.status === 0 && page.error !== null && !blocked && !isTimedOut(page);
}

/** Internal links to URLs that fail (4xx/5xx): visitors and crawlers hit dead ends. */
export const brokenLinks: SeoRule = {
  id: 'broken-links',
  weight: 15,
  severity: 'critical',
  recommendation: 'Fix or remove internal links to pages that answer 4xx or 5xx.',
  affects: (page) => isLinked(page) && isBroken(page),
  start() {
    let applicable = 0;
    const broken = new Examples();
    // The first broken URL and the first page linking to it, for the message.
    let where = '';
    return {
      observe(page) {
        if (!isLinked(page)) return;
        applicable++;
        if (!isBroken(page)) return;
        if (broken.count === 0 && page.linkedFrom[0]) {
          where = ` (e.g. ${page.url}, linked from ${page.linkedFrom[0]})`;
        }
        broken.add(page.url);
      },
      finish() {
        const n = broken.count;
        if (n === 0) return null;
        return {
          urls: broken.urls,
          count: n,
          applicable,
          message: `${plural(n, 'broken internal link')}${where}`,
        };
      },
    };
  },
};
