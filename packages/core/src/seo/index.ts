/** The SEO analysis (browser-safe). */
export { analyzeSeo, MAX_ISSUE_URLS, penalty, type ScoreBand, scoreBand } from './analyze.js';
export { SEO_RULES, seoWeights } from './registry.js';
export type { Finding, SeoContext, SeoRule, Severity } from './types.js';
