/**
 * The zod-free half of the crawl settings (crawl-settings.ts has the schema): their bounds,
 * whether they depart from the defaults, and their words for the job page. Kept apart so the
 * web app can import these without the schema library landing in its first-load chunk.
 */
import type { CrawlSettings } from './crawl-settings.js';

/** Most include or exclude patterns one crawl takes. */
export const MAX_CRAWL_PATTERNS = 20;

/** True when no setting departs from the crawler's defaults (a free user's crawl, say). */
export function isDefaultCrawlSettings(settings: CrawlSettings | null | undefined): boolean {
  if (!settings) return true;
  return Object.values(settings).every(
    (value) => value === undefined || (Array.isArray(value) && value.length === 0) || value === '',
  );
}

/**
 * The settings in a few words for the job page: "depth 5, exclude /tag/*, render never".
 * Empty when every setting is the default.
 */
export function describeCrawlSettings(settings: CrawlSettings | null | undefined): string[] {
  if (!settings) return [];
  const parts: string[] = [];
  if (settings.maxDepth !== undefined) parts.push(`depth ${settings.maxDepth}`);
  if (settings.include?.length) parts.push(`include ${settings.include.join(', ')}`);
  if (settings.exclude?.length) parts.push(`exclude ${settings.exclude.join(', ')}`);
  if (settings.listQueryUrls) parts.push('query-string URLs listed');
  if (settings.scope && settings.scope !== 'host') parts.push(`scope ${settings.scope}`);
  if (settings.render && settings.render !== 'auto') parts.push(`render ${settings.render}`);
  if (settings.politenessDelayMs) parts.push(`delay ${settings.politenessDelayMs} ms`);
  if (settings.userAgentSuffix) parts.push(`user agent + "${settings.userAgentSuffix}"`);
  return parts;
}

/**
 * The settings that decide which URLs a crawl meets and lists, each as comparable text (the
 * default written out, patterns in order), keyed by their words in the change report.
 */
function reachSettings(settings: CrawlSettings | null | undefined): Record<string, string> {
  const s = settings ?? {};
  return {
    depth: String(s.maxDepth ?? 'default'),
    include: [...(s.include ?? [])].sort().join('\n'),
    exclude: [...(s.exclude ?? [])].sort().join('\n'),
    'query URLs': String(s.listQueryUrls ?? false),
    scope: s.scope ?? 'host',
    rendering: s.render ?? 'auto',
  };
}

/**
 * The settings that decide which URLs are met and listed (depth, include, exclude, query URLs,
 * scope, rendering) and differ between an earlier crawl and a later one, in words; empty when
 * the two compare like with like. The change report counts URLs the later crawl did not reach
 * apart from "removed" when this is not empty (issue 25 point 5).
 */
export function reachSettingsChanged(
  earlier: CrawlSettings | null | undefined,
  later: CrawlSettings | null | undefined,
): string[] {
  const before = reachSettings(earlier);
  const after = reachSettings(later);
  return Object.keys(before).filter((name) => before[name] !== after[name]);
}
