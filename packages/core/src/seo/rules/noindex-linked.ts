import { plural } from '../../text/counts.js';
import { isLinked } from '../scope.js';
import { perPageRule } from '../types.js';

/** noindex pages that the site links to: often an accident. */
export const noindexLinked = perPageRule({
  id: 'noindex-linked',
  weight: 5,
  severity: 'warning',
  recommendation: 'Check that linked pages marked noindex are meant to stay out of search results.',
  applies: isLinked,
  test: (page) => page.robots.noindex,
  message: (n) =>
    `${plural(n, 'internally linked page is', 'internally linked pages are')} marked noindex`,
});
