import type { SeoAnalysis } from '../contract/schemas.js';
import type { PageRecord } from '../crawler/types.js';
import { isBroken } from './rules/broken-links.js';
import { isContent, isLinked } from './scope.js';

/** The analysis' stats (spec §3), counted page by page. */
export class SeoStats {
  private totalPages = 0;
  private listedPages = 0;
  private pagesWithImages = 0;
  private pagesWithStructuredData = 0;
  private fetched = 0;
  private responseTimeMs = 0;
  private brokenLinks = 0;

  /** Pages (2xx HTML, `countsAsPage`) seen so far; other URLs are not pages. */
  get pages(): number {
    return this.totalPages;
  }

  /** Counts one page. */
  observe(page: PageRecord): void {
    if (page.verdict.included) this.listedPages++;
    if (page.status > 0) {
      this.fetched++;
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
    return {
      totalPages: this.totalPages,
      pagesWithImages: this.pagesWithImages,
      pagesWithStructuredData: this.pagesWithStructuredData,
      avgResponseTime: this.fetched ? Math.round(this.responseTimeMs / this.fetched) : 0,
      brokenLinks: this.brokenLinks,
      listedPages: this.listedPages,
    };
  }
}
