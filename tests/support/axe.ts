import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe's impacts, least to most severe. */
const IMPACTS = ['minor', 'moderate', 'serious', 'critical'] as const;
type Impact = (typeof IMPACTS)[number];

/** An impact's rank; a violation axe gives no impact ranks above all, so no bar hides it. */
const rank = (impact: string | null | undefined) => {
  const at = IMPACTS.indexOf(impact as Impact);
  return at < 0 ? IMPACTS.length : at;
};

/** How many elements a finding names (the rest are counted). */
const NODES_SHOWN = 4;

/**
 * axe's violations on what `page` shows now, one line per rule (its id, impact, help and the
 * first elements it found): by default the serious and critical ones, every page's bar; `least`
 * lowers the bar, `include` limits the scan to one part of the page. The one axe check of the
 * Playwright specs (web e2e and desktop), so they all read and report findings alike.
 */
export async function axeViolations(
  page: Page,
  options: { least?: Impact; include?: string } = {},
): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (options.include) builder.include(options.include);
  const { violations } = await builder.analyze();
  const bar = rank(options.least ?? 'serious');
  return violations
    .filter((v) => rank(v.impact) >= bar)
    .map((v) => {
      const where = v.nodes.slice(0, NODES_SHOWN).map((n) => n.target.join(' '));
      const more =
        v.nodes.length > NODES_SHOWN ? ` | and ${v.nodes.length - NODES_SHOWN} more` : '';
      return `${v.id} (${v.impact}, ${v.help}): ${where.join(' | ')}${more}`;
    });
}
