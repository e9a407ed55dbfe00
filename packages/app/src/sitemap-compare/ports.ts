import type {
  CrawledUrl,
  SitemapComparePage,
  SitemapCompareRun,
  SitemapCompareSummary,
  SitemapFinding,
  SitemapFlag,
} from '@mapsmith/core';

/** The live sitemap against a crawl (issue 14): the last comparison of each crawl. */
export interface SitemapCompareRepository {
  /** The crawl's URLs as the comparison needs them, in crawl order. */
  crawled(jobId: string): Promise<CrawledUrl[]>;
  /**
   * Replaces the crawl's comparison, all or nothing: figures and URLs with a finding. Fenced by
   * the comparison job's `claimToken` (`ClaimLostError` once taken over, nothing written); null
   * only for a run no leased job holds (the desktop's in-process comparisons).
   */
  save(
    jobId: string,
    claimToken: string | null,
    summary: SitemapCompareSummary,
    findings: SitemapFinding[],
  ): Promise<void>;
  /** The figures of the last comparison, or null. */
  summary(jobId: string): Promise<SitemapCompareSummary | null>;
  /** A page of findings (one kind, or every URL with one), in comparison order. */
  page(
    jobId: string,
    filter: { flag?: SitemapFlag | undefined; cursor?: number | undefined; limit?: number },
  ): Promise<Omit<SitemapComparePage, 'run'>>;
  /** Every finding (one kind, or all), in pages so memory stays flat. */
  findings(jobId: string, flag?: SitemapFlag): AsyncGenerator<SitemapFinding>;
}

/** What starting a comparison did: the crawl's job, or the other crawl being compared. */
export type CompareStart = { run: SitemapCompareRun } | { busyWith: string };

/**
 * The comparison jobs as the use cases see them (one per crawl): a shell's job runner (the
 * server's leased queue, the desktop's) runs them outside the request and keeps their state.
 */
export interface CompareJobs {
  /**
   * Starts the crawl's comparison (again), or joins it while it waits or runs; refuses with
   * the other crawl's id while one of the user's other crawls is being compared.
   */
  start(jobId: string, userId: number): Promise<CompareStart>;
  /** The crawl's comparison job, or null when none was started. */
  run(jobId: string): Promise<SitemapCompareRun | null>;
}
