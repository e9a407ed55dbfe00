import { isContent } from '../scope.js';
import { perPageRule } from '../types.js';

/** Responses slower than this are "slow" (milliseconds, first byte to end of body). */
export const SLOW_RESPONSE_MS = 1000;

/** Pages that took over a second to answer. */
export const slowResponses = perPageRule({
  id: 'slow-responses',
  weight: 6,
  severity: 'warning',
  recommendation:
    'Speed up slow pages (caching, lighter HTML, a faster host): slow sites are crawled less.',
  applies: isContent,
  test: (page) => page.responseTimeMs > SLOW_RESPONSE_MS,
  message: (n) => `${n} ${n === 1 ? 'page takes' : 'pages take'} over 1 second to respond`,
});
