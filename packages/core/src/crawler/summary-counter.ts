/** Counts a crawl's records and pruned URLs into the run summary. */
import type { CrawlOptions } from './options.js';
import type { CrawlSummary, EndedBy, ExclusionCode, PageRecord, PruneBound } from './types.js';

const urls = (n: number) => (n === 1 ? '1 URL' : `${n} URLs`);
const were = (n: number) => (n === 1 ? 'was' : 'were');

/**
 * One sentence per bound that kept URLs out, for the summary's notes and the report: a crawl
 * that a bound cut short must say so even when it otherwise "finished" (issue 18). Scope
 * (other sites) is not a bound that loses pages of the site, so it is not named.
 */
export function describePruned(
  pruned: Partial<Record<PruneBound, number>>,
  options: Pick<
    CrawlOptions,
    'maxDepth' | 'maxUrlLength' | 'maxRepeatedSegments' | 'maxQueryVariants' | 'maxPages'
  >,
): string[] {
  const notes: string[] = [];
  const say = (bound: PruneBound, text: (n: number) => string) => {
    const n = pruned[bound] ?? 0;
    if (n > 0) notes.push(text(n));
  };
  say(
    'page-limit',
    (n) =>
      `${urls(n)} ${were(n)} still queued when the page cap of ${options.maxPages} was reached`,
  );
  say('depth', (n) => `${urls(n)} deeper than ${options.maxDepth} ${were(n)} not crawled`);
  say(
    'url-length',
    (n) => `${urls(n)} longer than ${options.maxUrlLength} characters ${were(n)} not crawled`,
  );
  say(
    'repeated-segments',
    (n) =>
      `${urls(n)} repeating a path segment more than ${options.maxRepeatedSegments} times ${were(n)} not crawled (crawl-trap bound)`,
  );
  say(
    'query-variants',
    (n) =>
      `${urls(n)} beyond ${options.maxQueryVariants} query strings per path ${were(n)} not crawled (crawl-trap bound)`,
  );
  say('pattern', (n) => `${urls(n)} left out by the include and exclude patterns`);
  return notes;
}

/** Distinct pruned URLs remembered for counting; beyond it every prune counts. */
const MAX_PRUNED_KEYS = 200_000;

/** The running totals of one crawl. */
export class SummaryCounter {
  /** Records saved. */
  pagesCrawled = 0;
  /** Records with a fetch error. */
  errors = 0;
  private included = 0;
  private rendered = 0;
  private readonly excluded: Partial<Record<ExclusionCode, number>> = {};
  private readonly pruned: Partial<Record<PruneBound, number>> = {};
  private readonly prunedKeys = new Set<string>();

  /** Counts one saved record. */
  add(page: PageRecord): void {
    this.pagesCrawled++;
    if (page.rendered) this.rendered++;
    if (page.status === 0 && page.error) this.errors++;
    if (page.verdict.included) this.included++;
    else this.excluded[page.verdict.code] = (this.excluded[page.verdict.code] ?? 0) + 1;
  }

  /** Counts URLs a bound kept out; with a key, each distinct URL counts once. */
  prune(bound: PruneBound, count: number, key?: string): void {
    if (key !== undefined) {
      if (this.prunedKeys.has(key)) return;
      if (this.prunedKeys.size < MAX_PRUNED_KEYS) this.prunedKeys.add(key);
    }
    if (count > 0) this.pruned[bound] = (this.pruned[bound] ?? 0) + count;
  }

  /** The summary as it stands. */
  summary(
    startUrl: string,
    endedBy: EndedBy,
    durationMs: number,
    error: string | null,
  ): CrawlSummary {
    return {
      startUrl,
      pagesCrawled: this.pagesCrawled,
      included: this.included,
      excluded: { ...this.excluded },
      renderedPages: this.rendered,
      endedBy,
      pruned: { ...this.pruned },
      durationMs,
      error,
    };
  }
}
