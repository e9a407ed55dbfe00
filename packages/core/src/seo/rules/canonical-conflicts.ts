import { pagesHave, perPageRule } from '../types.js';

/**
 * Canonicals that point at something that cannot be the canonical: a URL that redirects,
 * fails, is noindex, or names yet another canonical.
 */
export const canonicalConflicts = perPageRule({
  id: 'canonical-conflicts',
  weight: 6,
  severity: 'warning',
  recommendation: 'Point each canonical at a live, indexable URL that names itself as canonical.',
  scope: (ctx) => ctx.content.filter((page) => page.canonical !== null),
  test: (page, ctx) => {
    const canonical = page.canonical;
    if (canonical === null || canonical === page.finalUrl || canonical === page.url) return false;
    const target = ctx.byUrl.get(canonical);
    if (!target) return false;
    const targetCanonical = target.canonical ?? target.finalUrl;
    return (
      target.status !== 200 ||
      target.redirectChain.length > 0 ||
      target.robots.noindex ||
      (targetCanonical !== target.finalUrl && targetCanonical !== target.url)
    );
  },
  message: (n) =>
    `${pagesHave(n)} a canonical that points at a redirect, an error, a noindex page or another canonical`,
});
