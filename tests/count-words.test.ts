import fs from 'node:fs';
import path from 'node:path';
import { PLAN_LIMITS } from '@mapsmith/core';
import { describe, expect, it } from 'vitest';
import { productSources, repoRoot } from './product-sources.js';

/**
 * Issue 26 point 6, walkthrough defect 43: counts in correct singular and plural everywhere, from
 * one helper (`formatCount`, `plural`, `agree` in packages/core/src/text/counts.ts). A count
 * written by hand before a plural noun ("1 URLs") or a word picked by its own `n === 1 ? … : …`
 * fails here.
 */
const NOUNS =
  'pages|URLs|files|sites|crawls|images|videos|issues|times|entries|duplicates|links|errors|warnings|tokens|tries|redirects|batches|seconds|minutes|hours|days|schedules|sitemaps|characters|levels|requests|operations|audits';

/** `${n} pages` in a template, `{n} pages` or `{n}{' '}pages` in JSX. */
const HAND_COUNT = new RegExp(
  String.raw`\$?\{((?:[^{}\n]|\{[^{}\n]*\})+)\}(?:\{' '\})?\s+(?:more\s+)?(?:${NOUNS})(?![\w/=])`,
  'g',
);
/** A word picked by its own test of one: `n === 1 ? 'page' : …`. */
const OWN_TERNARY = /[=!]== 1\s*\?\s*['"`]/g;

/**
 * Counts that are fixed limits, never 1, so their plural noun is always right. Named constants
 * (UPPER_CASE) are the product's fixed bounds; the plan's limits are checked below to be above 1.
 */
const FIXED_LIMIT = [
  // The helpers themselves, and `pagesHave` ("1 page has") built on them.
  /^(plural|agree|formatCount|pagesHave)\(/,
  // A named constant: a fixed bound of the product (support hours, retention days, list sizes).
  /^[A-Z][A-Z0-9_]*(\.[A-Za-z]+)*( \/ \d+)?$/,
  // A plan's limit, from PLAN_LIMITS (checked above 1 below).
  /^(PLAN_LIMITS(\.\w+|\[[^\]]+\])|free|pro|limits)\.(pagesPerMonth|pagesPerCrawl|crawlsPerHour|bulkSitesPerHour)$/,
];

/** Where a count is a fixed limit under a local name, by file: expression. Each with its reason. */
const ALLOWED = new Set([
  // PLAN_LIMITS[plan].pagesPerMonth of a plan that has a monthly quota (free: 500).
  'packages/server/src/routes/crawl/router.ts: limit',
  // Only written when there are more than one batch (`batches > 1`).
  'packages/server/src/notify/indexnow.ts: batches',
  // The plan's monthly quota (free: 500), or '...' while it loads.
  "packages/web/src/components/UsageCard.tsx: limit || '...'",
  // Not a count: whether this request stopped the audit (one row changed) or it had ended.
  "packages/app/src/audit/audit-stop.ts: return changes === 1 ? 'done' : 'ended';",
]);

/** The trimmed source line at `index`. */
function lineOf(text: string, index: number): string {
  const start = text.lastIndexOf('\n', index) + 1;
  const end = text.indexOf('\n', index);
  return text.slice(start, end < 0 ? undefined : end).trim();
}

/** Every hand-built count in `file`, as `path:line: text`. */
function handCounts(file: string): string[] {
  const text = fs.readFileSync(path.join(repoRoot, file), 'utf8');
  const found: string[] = [];
  const at = (index: number, what: string) =>
    found.push(`${file}:${text.slice(0, index).split('\n').length}: ${what}`);
  for (const match of text.matchAll(HAND_COUNT)) {
    const expression = (match[1] ?? '').trim();
    if (FIXED_LIMIT.some((fixed) => fixed.test(expression))) continue;
    if (ALLOWED.has(`${file}: ${expression}`)) continue;
    at(match.index, match[0].replace(/\s+/g, ' '));
  }
  for (const match of text.matchAll(OWN_TERNARY))
    if (!ALLOWED.has(`${file}: ${lineOf(text, match.index)}`)) at(match.index, match[0]);
  return found;
}

describe('counts in correct singular and plural', () => {
  it('are written by the one helper, not by hand', () => {
    const own = productSources()
      .filter((file) => file !== 'packages/core/src/text/counts.ts')
      .flatMap(handCounts);
    expect(own).toEqual([]);
  });

  it('leave out only plan limits that are never 1 (0 is plural too)', () => {
    for (const plan of Object.values(PLAN_LIMITS))
      for (const value of [plan.pagesPerCrawl, plan.pagesPerMonth, plan.crawlsPerHour])
        if (value !== null) expect(value).not.toBe(1);
  });
});
