import { CRAWL_RETENTION_DAYS } from '@mapsmith/core';
import type { CrawlJobRepository } from '../repos/types.js';
import type { BackgroundTask } from './task.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes crawl jobs older than the retention period (decisions.md: 90 days), with their pages. */
export class RetentionTask implements BackgroundTask<number, number> {
  /** A missed day is simply done the next day. */
  readonly maxAttempts = 1;

  /** Deletes through `jobs`. */
  constructor(private readonly jobs: CrawlJobRepository) {}

  /** `now` is ms since the epoch; resolves with the number of jobs deleted. */
  perform(now: number): Promise<number> {
    return this.jobs.deleteCreatedBefore(now - CRAWL_RETENTION_DAYS * DAY_MS);
  }

  /** Logged only; no user sees it. */
  onFailed(error: unknown): string {
    return `retention failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}
