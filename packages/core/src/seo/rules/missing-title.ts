import { isContent } from '../scope.js';
import { pagesHave, perPageRule } from '../types.js';

/** Pages without a `<title>`: the search result has nothing to show. */
export const missingTitle = perPageRule({
  id: 'missing-title',
  weight: 10,
  severity: 'critical',
  recommendation: 'Give every page a unique, descriptive <title>.',
  applies: isContent,
  test: (page) => !page.title?.trim(),
  message: (n) => `${pagesHave(n)} no title`,
});
