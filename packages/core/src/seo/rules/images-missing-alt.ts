import { isContent } from '../scope.js';
import { pagesHave, perPageRule } from '../types.js';

/** Images without an alt attribute (an empty alt is fine: it marks a decorative image). */
export const imagesMissingAlt = perPageRule({
  id: 'images-missing-alt',
  weight: 5,
  severity: 'warning',
  recommendation: 'Add alt text to meaningful images (alt="" for decorative ones).',
  applies: (page) => isContent(page) && page.images.length > 0,
  test: (page) => page.images.some((image) => image.alt === null),
  message: (n) => `${pagesHave(n)} images without alt text`,
});
