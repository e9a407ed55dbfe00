import type { SeoAnalysis } from '../contract/schemas.js';
import { seconds } from '../crawler/failure-text.js';
import type { PageRecord } from '../crawler/types.js';
import { agree, formatCount, plural } from '../text/counts.js';
import { isBroken } from './rules/broken-links.js';
import { isContent, isLinked } from './scope.js';

/** The nearest-rank percentile `p` (0-100) of `values`, sorted in place; 0 for none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  values.sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * values.length));
  return values[rank - 1] as number;
}

/**
 * The analysis' stats (spec §3), counted page by page. Response times are over every URL that
 * answered and every URL that timed out; a timed-out URL counts at its limit (its
 * `responseTimeMs`, what one try waited), a lower bound of its real time, and the note says so.
 */
export class SeoStats {
  private totalPages = 0;
  private listedPages = 0;
  private pagesWithImages = 0;
  private pagesWithStructuredData = 0;
  private readonly responseTimes: number[] = [];
  private responseTimeMs = 0;
  private timedOut = 0;
  private timeoutLimitMs = 0;
  private brokenLinks = 0;

  /** Pages (2xx HTML, `countsAsPage`) seen so far; other URLs are not pages. */
  get pages(): number {
    return this.totalPages;
  }

  /** Counts one page. */
  observe(page: PageRecord): void {
    if (page.verdict.included) this.listedPages++;
    if (page.timedOut) {
      this.timedOut++;
      this.timeoutLimitMs = Math.max(this.timeoutLimitMs, page.timedOut.limitMs);
    }
    if (page.status > 0 || page.timedOut) {
      this.responseTimes.push(page.responseTimeMs);
      this.responseTimeMs += page.responseTimeMs;
    }
    if (isLinked(page) && isBroken(page)) this.brokenLinks++;
    if (!isContent(page)) return;
    this.totalPages++;
    if (page.images.length > 0) this.pagesWithImages++;
    if (page.structuredData.jsonLd || page.structuredData.microdata) this.pagesWithStructuredData++;
  }

  /** The stats over every page seen. */
  finish(): SeoAnalysis['stats'] {
    const timed = this.responseTimes.length;
    return {
      totalPages: this.totalPages,
      pagesWithImages: this.pagesWithImages,
      pagesWithStructuredData: this.pagesWithStructuredData,
      avgResponseTime: timed ? Math.round(this.responseTimeMs / timed) : 0,
      p95ResponseTime: Math.round(percentile(this.responseTimes, 95)),
      timedOutUrls: this.timedOut,
      responseTimeNote: this.responseTimeNote(timed),
      brokenLinks: this.brokenLinks,
      listedPages: this.listedPages,
    };
  }

  /** How the response-time figures were counted, in words. */
  private responseTimeNote(timed: number): string {
    const urls = plural(timed, 'URL');
    if (this.timedOut === 0) return `Over ${urls} that answered; none timed out.`;
    const n = this.timedOut;
    return `Over ${urls}, with the ${agree(n, 'one', formatCount(n))} that timed out counted at the ${seconds(this.timeoutLimitMs)} limit (${agree(n, 'its', 'their')} real time is longer).`;
  }
}
