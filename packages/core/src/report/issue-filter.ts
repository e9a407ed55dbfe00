/** The URL table's SEO issue filter: which URLs an issue of the SEO card is about. */
import type { SeoAnalysis } from '../contract/schemas.js';
import type { PageRecord } from '../crawler/types.js';
import { SEO_RULES } from '../seo/registry.js';
import { ReportQueryError } from './query.js';

/** Decides, record by record, whether a URL belongs to an issue. */
export type IssueMatcher = (page: PageRecord) => boolean;

/**
 * The matcher of SEO rule `ruleId`: every affected URL for rules that judge pages one by one;
 * for rules that compare pages (duplicates, canonical conflicts) the URLs the analysis kept.
 * An unknown rule id is a bad filter.
 */
export function issueMatcher(ruleId: string, analysis: SeoAnalysis | null): IssueMatcher {
  const rule = SEO_RULES.find((r) => r.id === ruleId);
  if (!rule)
    throw new ReportQueryError(`There is no SEO issue called ${ruleId}.`, 'report.filter-invalid');
  if (rule.affects) return rule.affects;
  const urls = new Set(analysis?.issues.find((i) => i.rule === ruleId)?.urls ?? []);
  return (page) => urls.has(page.url);
}
