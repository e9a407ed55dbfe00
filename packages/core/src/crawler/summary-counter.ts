/** Counts a crawl's records and pruned URLs into the run summary. */
import { countsAsPage } from '../limits/page-count.js';
import { FingerprintTable } from '../store/fingerprint-table.js';
import type { CrawlSummary, EndedBy, ExclusionCode, PageRecord, PruneBound } from './types.js';

/** Distinct pruned URLs remembered for counting; beyond it every prune counts. */
const MAX_PRUNED_KEYS = 200_000;

/** The running totals of one crawl. */
export class SummaryCounter {
  /** Records saved. */
  pagesCrawled = 0;
  /** Records that count as pages (`countsAsPage`: 2xx HTML); the page cap counts these. */
  pages = 0;
  /** Records with a fetch error. */
  errors = 0;
  private included = 0;
  private rendered = 0;
  private readonly excluded: Partial<Record<ExclusionCode, number>> = {};
  private readonly pruned: Partial<Record<PruneBound, number>> = {};
  private readonly prunedKeys = new FingerprintTable();

  /** Counts one saved record. */
  add(page: PageRecord): void {
    this.pagesCrawled++;
    if (countsAsPage(page)) this.pages++;
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
      pages: this.pages,
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
