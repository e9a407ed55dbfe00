import type { PageRecord } from '../crawler/types.js';
import { plural } from '../text/counts.js';
import type { UrlStore } from './url-store.js';

/** How bad an issue is, as the SEO card shows it. */
export type Severity = 'critical' | 'warning' | 'info';

/** URLs listed per issue at most (the message carries the full count). */
export const MAX_ISSUE_URLS = 50;

/** What a rule found: how many URLs are affected, out of how many it looked at. */
export interface Finding {
  /** The first affected URLs, in crawl order, at most `MAX_ISSUE_URLS` of them. */
  urls: string[];
  /** What is wrong on each of `urls`, in the same order, for rules that say it. */
  notes?: string[];
  /** How many URLs are affected in all (the numerator of its share). */
  count: number;
  /** How many pages the rule applies to (the denominator of its share). */
  applicable: number;
  /** The issue as the user reads it ("3 pages have no title"). */
  message: string;
}

/** Shared by the rules of one analysis: a compact store for URLs a rule may need later. */
export interface RuleEnv {
  /** Keeps page URLs as UTF-8 bytes, so deferred examples do not hold whole records. */
  urls: UrlStore;
}

/**
 * One rule's state during an analysis: it sees every page once, in crawl order, keeps only
 * what it needs (counts, a few example URLs, compact keys) and answers at the end.
 */
export interface RuleAccumulator {
  /** Takes one page into account. */
  observe(page: PageRecord): void;
  /** What the rule found over every page seen; `null` when nothing is wrong. */
  finish(): Finding | null;
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
  /** A fresh accumulator for one analysis. */
  start(env: RuleEnv): RuleAccumulator;
  /**
   * Whether one page has the problem, for rules that judge each page on its own (the URL
   * table's issue filter finds every affected URL with it, beyond the 50 examples kept).
   */
  affects?: (page: PageRecord) => boolean;
}

/** Counts affected URLs and keeps the first `MAX_ISSUE_URLS` of them. */
export class Examples {
  /** Affected URLs in all. */
  count = 0;
  /** The first of them, in the order they were added. */
  readonly urls: string[] = [];
  /** What is wrong on each of `urls`, when the rule says it. */
  readonly notes: string[] = [];

  /** Counts one more affected URL, with what is wrong there when the rule says it. */
  add(url: string, note?: string): void {
    this.count++;
    if (this.urls.length >= MAX_ISSUE_URLS) return;
    this.urls.push(url);
    if (note !== undefined) this.notes.push(note);
  }

  /** Counts one more affected URL, decoding it (`url()`) only when it is one of those listed. */
  addLazy(url: () => string): void {
    if (this.urls.length < MAX_ISSUE_URLS) this.add(url());
    else this.count++;
  }

  /** The finding of these URLs out of `applicable` pages; null when there are none. */
  finding(applicable: number, message: (count: number) => string): Finding | null {
    if (this.count === 0) return null;
    return { urls: this.urls, count: this.count, applicable, message: message(this.count) };
  }
}

/** A rule that looks at each page on its own. */
export function perPageRule(rule: {
  id: string;
  weight: number;
  severity: Severity;
  recommendation: string;
  /** Whether the rule applies to a page (its denominator). */
  applies: (page: PageRecord) => boolean;
  /** Whether a page it applies to has the problem. */
  test: (page: PageRecord) => boolean;
  /** The message for `count` affected pages. */
  message: (count: number) => string;
  /** What is wrong on one affected page, shown beside its URL (the offending text). */
  note?: (page: PageRecord) => string;
}): SeoRule {
  return {
    id: rule.id,
    weight: rule.weight,
    severity: rule.severity,
    recommendation: rule.recommendation,
    affects: (page) => rule.applies(page) && rule.test(page),
    start() {
      let applicable = 0;
      const found = new Examples();
      return {
        observe(page) {
          if (!rule.applies(page)) return;
          applicable++;
          if (rule.test(page)) found.add(page.url, rule.note?.(page));
        },
        finish() {
          if (found.count === 0) return null;
          return {
            urls: found.urls,
            ...(rule.note ? { notes: found.notes } : {}),
            count: found.count,
            applicable,
            message: rule.message(found.count),
          };
        },
      };
    },
  };
}

/** "1 page has" / "3 pages have". */
export function pagesHave(count: number): string {
  return plural(count, 'page has', 'pages have');
}
