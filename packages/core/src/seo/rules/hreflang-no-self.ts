import { keyOf, listableAlternates } from '../../crawler/hreflang-code.js';
import type { PageRecord } from '../../crawler/types.js';
import { isContent } from '../scope.js';
import { pagesHave, perPageRule } from '../types.js';

function valid(page: PageRecord) {
  return listableAlternates(page.hreflang);
}

/** hreflang sets that leave out the page that declares them (Google ignores such a set). */
export const hreflangNoSelf = perPageRule({
  id: 'hreflang-no-self',
  weight: 1,
  severity: 'warning',
  recommendation:
    'List the page itself in its hreflang set, with its own language code, next to its alternates.',
  applies: (page) => isContent(page) && valid(page).length > 0,
  test: (page) => {
    const self = new Set([page.url, page.finalUrl].map(keyOf));
    return !valid(page).some((a) => self.has(keyOf(a.href)));
  },
  message: (n) => `${pagesHave(n)} an hreflang set that does not name the page itself`,
});
