import type { PageRecord } from '../crawler/types.js';

/** How bad an issue is, as the SEO card shows it. */
export type Severity = 'critical' | 'warning' | 'info';

/** The crawl result, indexed once for every rule. */
export interface SeoContext {
  /** Every URL the crawler met. */
  all: PageRecord[];
  /** Pages with content: HTML that answered 200 (the pages titles and descriptions matter for). */
  content: PageRecord[];
  /** URLs other pages of the site link to (inlinks above 0). */
  linked: PageRecord[];
  /** Every record by its URL and by its final URL. */
  byUrl: Map<string, PageRecord>;
}

/** What a rule found: which URLs are affected, out of how many it looked at. */
export interface Finding {
  /** The affected URLs. */
  urls: string[];
  /** How many pages the rule applies to (the denominator of its share). */
  applicable: number;
  /** The issue as the user reads it ("3 pages have no title"). */
  message: string;
}

/** One SEO rule (one file each in `rules/`). */
export interface SeoRule {
  /** Stable id, also the file name (`missing-title`). */
  id: string;
  /** Points of the 100 this rule can take away (see the table in registry.ts). */
  weight: number;
  /** Severity of its issue. */
  severity: Severity;
  /** What to do about it. */
  recommendation: string;
  /** Finds the affected pages; `null` when nothing is wrong. */
  evaluate(ctx: SeoContext): Finding | null;
}

/** A rule that looks at each page of a set on its own. */
export function perPageRule(rule: {
  id: string;
  weight: number;
  severity: Severity;
  recommendation: string;
  /** Which pages it applies to. */
  scope: (ctx: SeoContext) => PageRecord[];
  /** Whether a page has the problem. */
  test: (page: PageRecord, ctx: SeoContext) => boolean;
  /** The message for `count` affected pages. */
  message: (count: number) => string;
}): SeoRule {
  return {
    id: rule.id,
    weight: rule.weight,
    severity: rule.severity,
    recommendation: rule.recommendation,
    evaluate(ctx) {
      const pages = rule.scope(ctx);
      const urls = pages.filter((page) => rule.test(page, ctx)).map((page) => page.url);
      if (urls.length === 0) return null;
      return { urls, applicable: pages.length, message: rule.message(urls.length) };
    },
  };
}

/** "1 page has" / "3 pages have". */
export function pagesHave(count: number): string {
  return count === 1 ? '1 page has' : `${count.toLocaleString('en-US')} pages have`;
}
