import { SLOW_RESPONSE_MS } from '../../crawler/options.js';
import { plural } from '../../text/counts.js';
import { isContent } from '../scope.js';
import { perPageRule } from '../types.js';

export { SLOW_RESPONSE_MS };

/** Pages that took over a second to answer. */
export const slowResponses = perPageRule({
  id: 'slow-responses',
  weight: 3,
  severity: 'warning',
  recommendation:
    'Speed up slow pages (caching, lighter HTML, a faster host): slow sites are crawled less.',
  applies: isContent,
  test: (page) => page.responseTimeMs > SLOW_RESPONSE_MS,
  message: (n) => `${plural(n, 'page takes', 'pages take')} over 1 second to respond`,
});
