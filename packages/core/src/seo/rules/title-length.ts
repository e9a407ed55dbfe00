import { isContent } from '../scope.js';
import { pagesHave, perPageRule } from '../types.js';
import { lengthNote, outOfBounds } from './text-length.js';

const BOUNDS = { min: 10, max: 60 };

/** Titles under 10 or over 60 characters: too vague, or cut off in results. */
export const titleLength = perPageRule({
  id: 'title-length',
  weight: 4,
  severity: 'warning',
  recommendation:
    'Keep titles between 10 and 60 characters so they are specific and not truncated.',
  applies: isContent,
  test: (page) => outOfBounds(page.title, BOUNDS),
  message: (n) => `${pagesHave(n)} a title shorter than 10 or longer than 60 characters`,
  note: (page) => lengthNote(page.title, BOUNDS),
});
