import { redirectsElsewhere } from '../../crawler/verdict.js';
import { plural } from '../../text/counts.js';
import { isLinked } from '../scope.js';
import { perPageRule } from '../types.js';

/** Internal links that point at a redirect instead of the final URL. */
export const linksToRedirects = perPageRule({
  id: 'links-to-redirects',
  weight: 3,
  severity: 'info',
  recommendation: 'Update internal links to point at the final URL instead of a redirect.',
  applies: isLinked,
  test: redirectsElsewhere,
  message: (n) => plural(n, 'internally linked URL redirects', 'internally linked URLs redirect'),
});
