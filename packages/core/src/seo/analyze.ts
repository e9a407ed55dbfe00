import type { SeoAnalysis } from '../contract/schemas.js';
import type { PageRecord } from '../crawler/types.js';
import { SEO_RULES } from './registry.js';
import { SeoStats } from './stats.js';
import { type Finding, MAX_ISSUE_URLS, type SeoRule } from './types.js';
import { UrlStore } from './url-store.js';

export { MAX_ISSUE_URLS } from './types.js';

/** The score band names of spec §9. */
export type ScoreBand = 'Excellent' | 'Good' | 'Fair' | 'Needs Work';

/** Spec §9: 90 or more Excellent; 70 or more Good; 50 or more Fair; otherwise Needs Work. */
export function scoreBand(score: number): ScoreBand {
  if (score >= 90) return 'Excellent';
  if (score >= 70) return 'Good';
  if (score >= 50) return 'Fair';
  return 'Needs Work';
}

const ORDER = { critical: 0, warning: 1, info: 2 } as const;

/** Points a rule takes for `affected` of `applicable` pages (see the table in registry.ts). */
export function penalty(rule: SeoRule, affected: number, applicable: number): number {
  if (affected === 0 || applicable === 0) return 0;
  const share = Math.min(1, affected / applicable);
  return rule.weight * (0.25 + 0.75 * share);
}

/** An analysis in progress: feed it every page once, in crawl order, then `finish`. */
export interface SeoAnalyzer {
  /** Takes one page into account (no reference to it is kept). */
  observe(page: PageRecord): void;
  /** The analysis over every page observed. */
  finish(): SeoAnalysis;
}

/**
 * An SEO analysis that sees the pages one at a time and keeps no record. Per-page rules keep
 * a count and at most `MAX_ISSUE_URLS` URLs. Rules that compare pages keep 64-bit keys in
 * typed arrays (about 20-40 bytes per distinct title, description and URL) and, as UTF-8
 * bytes, the URLs that may still become examples: the first page of each title/description
 * until 50 duplicate URLs are settled, and each page whose canonical points elsewhere.
 * `npm run bench:seo` measures 1,000,000 pages in under 200 MB peak RSS (about 270 MB when
 * every title, description and canonical is distinct). Browser-safe.
 */
export function seoAnalyzer(rules: readonly SeoRule[] = SEO_RULES): SeoAnalyzer {
  const env = { urls: new UrlStore() };
  const stats = new SeoStats();
  const running = rules.map((rule) => ({ rule, acc: rule.start(env) }));
  return {
    observe(page) {
      stats.observe(page);
      for (const { acc } of running) acc.observe(page);
    },
    finish() {
      return report(
        stats,
        running.map(({ rule, acc }) => ({ rule, finding: acc.finish() })),
      );
    },
  };
}

function report(
  seen: SeoStats,
  results: { rule: SeoRule; finding: Finding | null }[],
): SeoAnalysis {
  const stats = seen.finish();
  if (seen.pages === 0) {
    return {
      score: 0,
      stats,
      issues: [{ severity: 'critical', message: 'No pages were crawled', rule: 'no-pages' }],
      recommendations: ['Check that the URL is right and that the site answers crawlers.'],
    };
  }
  const found = results.flatMap(({ rule, finding }) =>
    finding ? [{ rule, finding, cost: penalty(rule, finding.count, finding.applicable) }] : [],
  );
  const score = Math.max(0, Math.min(100, Math.round(100 - found.reduce((s, f) => s + f.cost, 0))));
  const issues = [...found]
    .sort((a, b) => ORDER[a.rule.severity] - ORDER[b.rule.severity] || b.cost - a.cost)
    .map(({ rule, finding, cost }) => ({
      severity: rule.severity,
      message: finding.message,
      rule: rule.id,
      urls: finding.urls.slice(0, MAX_ISSUE_URLS),
      ...(finding.notes ? { notes: finding.notes.slice(0, MAX_ISSUE_URLS) } : {}),
      count: finding.count,
      points: Math.round(cost * 10) / 10,
    }));
  const recommendations = [...found]
    .sort((a, b) => b.cost - a.cost)
    .map((f) => f.rule.recommendation);
  if (recommendations.length === 0)
    recommendations.push(
      'No issues found. Keep the sitemap current and resubmit it after big changes.',
    );
  return { score, stats, issues, recommendations };
}

/**
 * The SEO analysis of a crawl result (spec §2 card, §3 entity): score 0-100, stats, issues
 * (worst first, each with its rule id and up to 50 URLs) and recommendations. Browser-safe.
 */
export function analyzeSeo(pages: Iterable<PageRecord>, rules = SEO_RULES): SeoAnalysis {
  const analyzer = seoAnalyzer(rules);
  for (const page of pages) analyzer.observe(page);
  return analyzer.finish();
}

/**
 * `analyzeSeo` over a stream of pages (a store's async iterator, a generator), each seen once
 * and never collected: a 1,000,000-page crawl is analysed in bounded memory.
 */
export async function analyzeSeoStream(
  pages: AsyncIterable<PageRecord> | Iterable<PageRecord>,
  rules = SEO_RULES,
): Promise<SeoAnalysis> {
  if (Symbol.iterator in pages) return analyzeSeo(pages, rules);
  const analyzer = seoAnalyzer(rules);
  for await (const page of pages) analyzer.observe(page);
  return analyzer.finish();
}
