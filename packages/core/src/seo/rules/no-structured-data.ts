import { isContent } from '../scope.js';
import { pagesHave, perPageRule } from '../types.js';

/** Pages with no JSON-LD or microdata. */
export const noStructuredData = perPageRule({
  id: 'no-structured-data',
  weight: 4,
  severity: 'info',
  recommendation:
    'Add structured data (JSON-LD) for your content types to be eligible for rich results.',
  applies: isContent,
  test: (page) => !page.structuredData.jsonLd && !page.structuredData.microdata,
  message: (n) => `${pagesHave(n)} no structured data`,
});
