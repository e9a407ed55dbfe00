import type { SeoRule } from '../types.js';
import { duplicated } from './duplicates.js';

/** Pages with the same title: search engines cannot tell them apart. */
export const duplicateTitle: SeoRule = {
  id: 'duplicate-title',
  weight: 6,
  severity: 'warning',
  recommendation: 'Make each title unique: say what sets the page apart.',
  start: (env) => duplicated(env, (page) => page.title, 'title'),
};
