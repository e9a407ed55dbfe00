import type { SitemapCompareSummary } from '@mapsmith/core';
import type { ClaimedTask } from '../jobs/leased-jobs.js';
import { type CompareRunDeps, compareFailureText, runSitemapCompare } from './compare-run.js';
import type { ClaimedCompare } from './sitemap-compare-queue.js';

/**
 * The live-sitemap comparison job (issue 14, run as a job since issue 30, point 8), the one
 * task both shells run with `runClaimed` on the comparison queue: the server's worker pool and
 * the desktop's runner in main (issue 27 point 5).
 */
export class SitemapCompareTask implements ClaimedTask<ClaimedCompare, SitemapCompareSummary> {
  /** Interrupted runs are resumed twice, then the job fails with its reason. */
  readonly maxAttempts = 3;

  /** Reads through `deps.policy`, the shell's one URL policy. */
  constructor(private readonly deps: CompareRunDeps) {}

  /** Reads, compares and saves; an abort (lease lost, shutdown) stops the reading. */
  perform(claimed: ClaimedCompare, signal: AbortSignal): Promise<SitemapCompareSummary> {
    return runSitemapCompare(this.deps, claimed.job, claimed.claimToken, signal);
  }

  /** Our own failures keep their words; anything else is said plainly. */
  onFailed(error: unknown): string {
    return compareFailureText(error);
  }
}
