import type { CrawlJobRepository } from '@mapsmith/app';
import {
  compareSitemapWithCrawl,
  createHttpFetcher,
  type Logger,
  readLiveSitemaps,
  type SitemapCompareSummary,
  type UrlPolicy,
} from '@mapsmith/core';
import type { ClaimedCompare, SitemapCompareRepository } from '../repos/ports-pro.js';
import { SqlSitemapCompareRepository } from '../repos/sql/sitemap-compare.js';
import type { BackgroundTask } from './task.js';

/** Thrown for a comparison that cannot go on, with a reason the user reads as the job's error. */
export class CompareFailedError extends Error {
  /** `message` is shown to the user. */
  constructor(message: string) {
    super(message);
    this.name = 'CompareFailedError';
  }
}

/**
 * The live-sitemap comparison job (issue 14, run as a job since issue 30, point 8): reads the
 * site's own sitemaps through the guarded fetcher under the comparison's budget, compares them
 * with the finished crawl and stores the findings. A resumed run simply reads them again.
 */
export class SitemapCompareTask implements BackgroundTask<ClaimedCompare, SitemapCompareSummary> {
  /** Interrupted runs are resumed twice, then the job fails with its reason. */
  readonly maxAttempts = 3;

  /** Reads through a fetcher guarded by `policy`. */
  constructor(
    private readonly jobs: CrawlJobRepository,
    private readonly compare: SitemapCompareRepository,
    private readonly policy: UrlPolicy,
    private readonly logger: Logger,
  ) {}

  /** Reads, compares and saves; an abort (lease lost, shutdown) stops the reading. */
  async perform(claimed: ClaimedCompare, signal: AbortSignal): Promise<SitemapCompareSummary> {
    const job = await this.jobs.get(claimed.job.id, claimed.job.userId);
    if (!job) throw new CompareFailedError('The crawl no longer exists.');
    const fetcher = createHttpFetcher({ policy: this.policy, connectionsPerOrigin: 2 });
    try {
      const live = await readLiveSitemaps(
        new URL(job.url).origin,
        { fetcher, policy: this.policy, logger: this.logger },
        {},
        signal,
      );
      const findings = compareSitemapWithCrawl(live.entries, await this.compare.crawled(job.id));
      const summary: SitemapCompareSummary = {
        checkedAt: new Date().toISOString(),
        files: live.files,
        truncated: live.truncated,
        cut: live.cut,
        inSitemap: findings.filter((f) => f.inSitemap).length,
        withFindings: findings.filter((f) => f.flags.length > 0).length,
        counts: SqlSitemapCompareRepository.countsOf(findings),
      };
      // A run whose lease was lost leaves the findings to the worker that took it over.
      if (!signal.aborted) await this.compare.save(job.id, summary, findings);
      return summary;
    } finally {
      await fetcher.close().catch(() => undefined);
    }
  }

  /** Our own failures keep their words; anything else is said plainly. */
  onFailed(error: unknown): string {
    if (error instanceof CompareFailedError) return error.message;
    const detail = error instanceof Error ? error.message : String(error);
    return `The comparison with the live sitemap failed: ${detail}`;
  }
}
