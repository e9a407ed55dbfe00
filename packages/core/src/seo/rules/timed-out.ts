import { seconds } from '../../crawler/failure-text.js';
import type { PageRecord } from '../../crawler/types.js';
import { plural } from '../../text/counts.js';
import { isLinked } from '../scope.js';
import { Examples, type SeoRule } from '../types.js';

/** A URL of the site that gave no answer within the crawl's time limit (`timedOut`). */
export function isTimedOut(page: PageRecord): boolean {
  return page.timedOut !== undefined;
}

/**
 * Linked URLs that did not answer within the crawl's limit: slow, not broken, so their own
 * issue ("2 pages took longer than 15 s"), never a broken link.
 */
export const timedOut: SeoRule = {
  id: 'timed-out',
  weight: 3,
  severity: 'warning',
  recommendation:
    'Make pages that time out answer within a few seconds (caching, a faster host, lighter pages): search engines give up on them as we did.',
  affects: (page) => isLinked(page) && isTimedOut(page),
  start() {
    let applicable = 0;
    let limitMs = 0;
    const found = new Examples();
    return {
      observe(page) {
        if (!isLinked(page)) return;
        applicable++;
        if (!page.timedOut) return;
        limitMs = Math.max(limitMs, page.timedOut.limitMs);
        found.add(page.url);
      },
      finish() {
        const n = found.count;
        if (n === 0) return null;
        return {
          urls: found.urls,
          count: n,
          applicable,
          message: `${plural(n, 'page')} took longer than ${seconds(limitMs)} (timed out)`,
        };
      },
    };
  },
};
