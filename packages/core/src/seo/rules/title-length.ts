import { isContent } from '../scope.js';
import { pagesHave, perPageRule } from '../types.js';

/** Titles under 10 or over 60 characters: too vague, or cut off in results. */
export const titleLength = perPageRule({
  id: 'title-length',
  weight: 4,
  severity: 'warning',
  recommendation:
    'Keep titles between 10 and 60 characters so they are specific and not truncated.',
  applies: isContent,
  test: (page) => {
    const length = page.title?.trim().length ?? 0;
    return length > 0 && (length < 10 || length > 60);
  },
  message: (n) => `${pagesHave(n)} a title shorter than 10 or longer than 60 characters`,
});
