import { isContent } from '../scope.js';
import { pagesHave, perPageRule } from '../types.js';

/** Descriptions under 50 or over 160 characters. */
export const descriptionLength = perPageRule({
  id: 'description-length',
  weight: 2,
  severity: 'info',
  recommendation: 'Aim for meta descriptions of 50 to 160 characters.',
  applies: isContent,
  test: (page) => {
    const length = page.metaDescription?.trim().length ?? 0;
    return length > 0 && (length < 50 || length > 160);
  },
  message: (n) =>
    `${pagesHave(n)} a meta description shorter than 50 or longer than 160 characters`,
});
