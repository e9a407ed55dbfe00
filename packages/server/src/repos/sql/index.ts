import { type Clock, systemClock } from '@mapsmith/core';
import type { Database } from '../../db/database.js';
import type { Repositories } from '../types.js';
import { SqlAuditRepository } from './audit-jobs.js';
import { SqlAuditQueue } from './audit-queue.js';
import { SqlBulkRepository } from './bulk-crawls.js';
import { SqliteCrawlJobRepository } from './crawl-jobs.js';
import { SqliteJobQueue } from './job-queue.js';
import { SqlSitemapCompareRepository } from './sitemap-compare.js';
import { SqliteRateLimiter, SqliteUsageRepository } from './usage.js';

/** The embedded storage: every repository on one SQLite database. */
export function createSqliteRepositories(
  db: Database,
  clock: Pick<Clock, 'now'> = systemClock,
): Repositories {
  return {
    jobs: new SqliteCrawlJobRepository(db, clock),
    queue: new SqliteJobQueue(db, clock),
    usage: new SqliteUsageRepository(db),
    rates: new SqliteRateLimiter(db, clock),
    bulks: new SqlBulkRepository(db, clock),
    audits: new SqlAuditRepository(db, clock),
    auditQueue: new SqlAuditQueue(db, clock),
    sitemapCompare: new SqlSitemapCompareRepository(db),
  };
}
