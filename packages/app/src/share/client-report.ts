import {
  type CrawlChanges,
  type CrawlCharts,
  type CrawlJob,
  fileHost,
  type SeoAnalysis,
  type SitemapCompareSummary,
} from '@mapsmith/core';
import type { CrawlAnswers } from '../crawl/answers.js';
import { DEFAULT_REPORT_BRAND, type ReportBrand } from './report-brand.js';

/**
 * Everything a client report shows (issue 29 point 3), read with the owner's rights only: the
 * crawl's summary, its SEO score and issues, what changed since the previous crawl of the
 * site, and its sitemap files. The share page and the PDF draw the same one.
 */
export interface ClientReport {
  crawl: CrawlJob;
  /** Null while the crawl runs (an analysis needs a completed crawl). */
  seo: SeoAnalysis | null;
  /** Null while the crawl runs. */
  changes: CrawlChanges | null;
  /** The site at a glance (the crawl page's charts, `crawl.charts`); null while the crawl runs. */
  charts: CrawlCharts | null;
  /** The site's live sitemap files as last read (the Pro comparison), or null when never read. */
  liveSitemaps: SitemapCompareSummary | null;
  brand: ReportBrand;
  /** When the report was drawn (ISO 8601). */
  generatedAt: string;
}

/** What the caller adds that the application layer does not read itself. */
export interface ClientReportExtras {
  liveSitemaps?: SitemapCompareSummary | null;
  brand?: ReportBrand;
  now?: number;
}

/** Reads the report of crawl `jobId` as its owner `ownerId` sees it. */
export async function readClientReport(
  answers: CrawlAnswers,
  jobId: string,
  ownerId: number,
  extras: ClientReportExtras = {},
): Promise<ClientReport> {
  const crawl = await answers.crawl(jobId, ownerId);
  const completed = crawl.status === 'completed';
  const [seo, changes, charts] = completed
    ? await Promise.all([
        answers.seo(jobId, ownerId),
        answers.changes(jobId, ownerId),
        answers.charts(jobId, ownerId),
      ])
    : [null, null, null];
  return {
    crawl,
    seo,
    changes,
    charts,
    liveSitemaps: extras.liveSitemaps ?? null,
    brand: extras.brand ?? DEFAULT_REPORT_BRAND,
    generatedAt: new Date(extras.now ?? Date.now()).toISOString(),
  };
}

/** The report's PDF file name, the same in both shells: `report-{host}.pdf`. */
export function clientReportPdfName(report: ClientReport): string {
  return `report-${fileHost(report.crawl.url ?? 'site')}.pdf`;
}
