import { isContent } from '../scope.js';
import { pagesHave, perPageRule } from '../types.js';

/** https pages that load http subresources. */
export const mixedContent = perPageRule({
  id: 'mixed-content',
  weight: 5,
  severity: 'critical',
  recommendation: 'Load every image, script and stylesheet over https on https pages.',
  applies: (page) => isContent(page) && page.finalUrl.startsWith('https:'),
  test: (page) => page.mixedContent > 0,
  message: (n) => `${pagesHave(n)} mixed content (http resources on https pages)`,
});
