import { isContent } from '../scope.js';
import { pagesHave, perPageRule } from '../types.js';
import { lengthNote, outOfBounds } from './text-length.js';

const BOUNDS = { min: 50, max: 160 };

/** Descriptions under 50 or over 160 characters. */
export const descriptionLength = perPageRule({
  id: 'description-length',
  weight: 2,
  severity: 'info',
  recommendation: 'Aim for meta descriptions of 50 to 160 characters.',
  applies: isContent,
  test: (page) => outOfBounds(page.metaDescription, BOUNDS),
  message: (n) =>
    `${pagesHave(n)} a meta description shorter than 50 or longer than 160 characters`,
  note: (page) => lengthNote(page.metaDescription, BOUNDS),
});
