import { isContent } from '../scope.js';
import { pagesHave, perPageRule } from '../types.js';

/** Pages without a meta description: search engines pick a snippet themselves. */
export const missingDescription = perPageRule({
  id: 'missing-description',
  weight: 6,
  severity: 'warning',
  recommendation:
    'Write a meta description for each page that summarises it in one or two sentences.',
  applies: isContent,
  test: (page) => !page.metaDescription?.trim(),
  message: (n) => `${pagesHave(n)} no meta description`,
});
