import type { PageRecord } from '../../crawler/types.js';
import type { SeoRule } from '../types.js';

/** A linked URL that answered 4xx/5xx, or no answer at all (robots-blocked URLs aside). */
export function isBroken(page: PageRecord): boolean {
  if (page.status >= 400) return true;
  const blocked = !page.verdict.included && page.verdict.code === 'robots';
  return page.status === 0 && page.error !== null && !blocked;
}

/** Internal links to URLs that fail (4xx/5xx): visitors and crawlers hit dead ends. */
export const brokenLinks: SeoRule = {
  id: 'broken-links',
  weight: 15,
  severity: 'critical',
  recommendation: 'Fix or remove internal links to pages that answer 4xx or 5xx.',
  evaluate(ctx) {
    const broken = ctx.linked.filter(isBroken);
    if (broken.length === 0) return null;
    const example = broken[0];
    const where = example?.linkedFrom[0]
      ? ` (e.g. ${example.url}, linked from ${example.linkedFrom[0]})`
      : '';
    return {
      urls: broken.map((page) => page.url),
      applicable: ctx.linked.length,
      message: `${broken.length} broken internal ${broken.length === 1 ? 'link' : 'links'}${where}`,
    };
  },
};
