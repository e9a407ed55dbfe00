import { plural } from '../../text/counts.js';
import { perPageRule } from '../types.js';

/** URLs that take two or more redirects to answer. */
export const redirectChains = perPageRule({
  id: 'redirect-chains',
  weight: 5,
  severity: 'warning',
  recommendation:
    'Point redirects straight at the final URL: each extra hop costs crawl budget and time.',
  applies: (page) => page.redirectChain.length > 0,
  test: (page) => page.redirectChain.length >= 2,
  message: (n) => `${plural(n, 'URL goes', 'URLs go')} through a chain of two or more redirects`,
});
