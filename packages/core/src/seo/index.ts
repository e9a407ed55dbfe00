/** The SEO analysis (browser-safe). */
export {
  analyzeSeo,
  analyzeSeoStream,
  MAX_ISSUE_URLS,
  penalty,
  type ScoreBand,
  type SeoAnalyzer,
  scoreBand,
  seoAnalyzer,
} from './analyze.js';
export { SEO_RULES, seoWeights } from './registry.js';
export type { Finding, RuleAccumulator, RuleEnv, SeoRule, Severity } from './types.js';
