import type { BulkRepository, CrawlJobRepository, RateLimiter } from '@mapsmith/app';
import { CRAWL_RETENTION_DAYS } from '@mapsmith/core';
import type { BackgroundTask } from './task.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes crawl jobs older than the retention period (decisions.md: 90 days) with their pages,
 * and rate-limit events older than a day (no window is longer than an hour). `afterPurge` then
 * removes what is kept outside the database for deleted jobs (built exports).
 */
export class RetentionTask implements BackgroundTask<number, number> {
  /** A missed day is simply done the next day. */
  readonly maxAttempts = 1;

  /** Deletes through `jobs` and `rates`. */
  constructor(
    private readonly jobs: CrawlJobRepository,
    private readonly rates: RateLimiter,
    private readonly afterPurge: () => Promise<void> = async () => undefined,
    /** Bulk lists go with the same period as their crawls (issue 13). */
    private readonly bulks?: BulkRepository,
  ) {}

  /** `now` is ms since the epoch; resolves with the number of jobs deleted. */
  async perform(now: number): Promise<number> {
    await this.rates.prune(now - DAY_MS);
    const deleted = await this.jobs.deleteCreatedBefore(now - CRAWL_RETENTION_DAYS * DAY_MS);
    await this.bulks?.deleteCreatedBefore(now - CRAWL_RETENTION_DAYS * DAY_MS);
    await this.afterPurge();
    return deleted;
  }

  /** Logged only; no user sees it. */
  onFailed(error: unknown): string {
    return `retention failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}
