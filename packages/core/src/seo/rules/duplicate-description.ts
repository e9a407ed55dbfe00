import type { SeoRule } from '../types.js';
import { duplicated } from './duplicates.js';

/** Pages with the same meta description. */
export const duplicateDescription: SeoRule = {
  id: 'duplicate-description',
  weight: 4,
  severity: 'warning',
  recommendation: 'Write a distinct meta description for each page.',
  start: (env) => duplicated(env, (page) => page.metaDescription, 'description'),
};
