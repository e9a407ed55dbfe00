import {
  type CompareRunDeps,
  type CrawlJobRepository,
  compareFailureText,
  runSitemapCompare,
  type SitemapCompareRepository,
} from '@mapsmith/app';
import type { Logger, SitemapCompareSummary, UrlPolicy } from '@mapsmith/core';
import type { ClaimedCompare } from '../repos/ports-pro.js';
import type { BackgroundTask } from './task.js';

/**
 * The live-sitemap comparison job (issue 14, run as a job since issue 30, point 8) on the worker
 * pool: the application layer's `runSitemapCompare`, the one the desktop runs too.
 */
export class SitemapCompareTask implements BackgroundTask<ClaimedCompare, SitemapCompareSummary> {
  /** Interrupted runs are resumed twice, then the job fails with its reason. */
  readonly maxAttempts = 3;

  private readonly deps: CompareRunDeps;

  /** Reads through a fetcher guarded by `policy`, the server's one URL policy. */
  constructor(
    jobs: CrawlJobRepository,
    compare: SitemapCompareRepository,
    policy: UrlPolicy,
    logger: Logger,
  ) {
    this.deps = { jobs, compare, policy, logger };
  }

  /** Reads, compares and saves; an abort (lease lost, shutdown) stops the reading. */
  perform(claimed: ClaimedCompare, signal: AbortSignal): Promise<SitemapCompareSummary> {
    return runSitemapCompare(this.deps, claimed.job, claimed.claimToken, signal);
  }

  /** Our own failures keep their words; anything else is said plainly. */
  onFailed(error: unknown): string {
    return compareFailureText(error);
  }
}
