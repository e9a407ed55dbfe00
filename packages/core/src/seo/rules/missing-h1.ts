import { isContent } from '../scope.js';
import { pagesHave, perPageRule } from '../types.js';

/** Pages without an `<h1>`. */
export const missingH1 = perPageRule({
  id: 'missing-h1',
  weight: 5,
  severity: 'warning',
  recommendation: 'Give each page one <h1> that names its topic.',
  applies: isContent,
  test: (page) => !page.h1?.trim(),
  message: (n) => `${pagesHave(n)} no <h1> heading`,
});
