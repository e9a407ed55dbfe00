import type { SeoAnalysis } from '../contract/schemas.js';
import type { PageRecord } from '../crawler/types.js';
import { seoContext } from './context.js';
import { SEO_RULES } from './registry.js';
import { isBroken } from './rules/broken-links.js';
import type { SeoRule } from './types.js';

/** The score band names of spec §9. */
export type ScoreBand = 'Excellent' | 'Good' | 'Fair' | 'Needs Work';

/** Spec §9: 90 or more Excellent; 70 or more Good; 50 or more Fair; otherwise Needs Work. */
export function scoreBand(score: number): ScoreBand {
  if (score >= 90) return 'Excellent';
  if (score >= 70) return 'Good';
  if (score >= 50) return 'Fair';
  return 'Needs Work';
}

/** URLs listed per issue at most (the message carries the full count). */
export const MAX_ISSUE_URLS = 50;

const ORDER = { critical: 0, warning: 1, info: 2 } as const;

/** Points a rule takes for `affected` of `applicable` pages (see the table in registry.ts). */
export function penalty(rule: SeoRule, affected: number, applicable: number): number {
  if (affected === 0 || applicable === 0) return 0;
  const share = Math.min(1, affected / applicable);
  return rule.weight * (0.25 + 0.75 * share);
}

/**
 * The SEO analysis of a crawl result (spec §2 card, §3 entity): score 0-100, stats, issues
 * (worst first, each with its rule id and up to 50 URLs) and recommendations. Browser-safe.
 */
export function analyzeSeo(pages: readonly PageRecord[], rules = SEO_RULES): SeoAnalysis {
  const ctx = seoContext(pages);
  const fetched = ctx.all.filter((p) => p.status > 0);
  const stats = {
    totalPages: ctx.all.length,
    pagesWithImages: ctx.all.filter((p) => p.images.length > 0).length,
    pagesWithStructuredData: ctx.all.filter(
      (p) => p.structuredData.jsonLd || p.structuredData.microdata,
    ).length,
    avgResponseTime: fetched.length
      ? Math.round(fetched.reduce((sum, p) => sum + p.responseTimeMs, 0) / fetched.length)
      : 0,
    brokenLinks: ctx.linked.filter(isBroken).length,
  };
  if (ctx.all.length === 0) {
    return {
      score: 0,
      stats,
      issues: [{ severity: 'critical', message: 'No pages were crawled', rule: 'no-pages' }],
      recommendations: ['Check that the URL is right and that the site answers crawlers.'],
    };
  }
  const found = rules
    .map((rule) => ({ rule, finding: rule.evaluate(ctx) }))
    .flatMap(({ rule, finding }) =>
      finding
        ? [{ rule, finding, cost: penalty(rule, finding.urls.length, finding.applicable) }]
        : [],
    );
  const score = Math.max(0, Math.min(100, Math.round(100 - found.reduce((s, f) => s + f.cost, 0))));
  const issues = [...found]
    .sort((a, b) => ORDER[a.rule.severity] - ORDER[b.rule.severity] || b.cost - a.cost)
    .map(({ rule, finding, cost }) => ({
      severity: rule.severity,
      message: finding.message,
      rule: rule.id,
      urls: finding.urls.slice(0, MAX_ISSUE_URLS),
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
