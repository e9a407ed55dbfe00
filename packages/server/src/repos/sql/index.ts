import { type Clock, systemClock } from '@mapsmith/core';
import type { Database } from '../../db/database.js';
import type { Repositories } from '../types.js';
import { createSqlAccountRepositories } from './accounts/index.js';
import { SqliteAuditRepository } from './audit-jobs.js';
import { SqliteAuditQueue } from './audit-queue.js';
import { SqliteBulkRepository } from './bulk-crawls.js';
import { SqliteCrawlJobRepository } from './crawl-jobs.js';
import { SqliteJobQueue } from './job-queue.js';
import { SqliteSitemapCompareRepository } from './sitemap-compare.js';
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
    bulks: new SqliteBulkRepository(db, clock),
    audits: new SqliteAuditRepository(db, clock),
    auditQueue: new SqliteAuditQueue(db, clock),
    sitemapCompare: new SqliteSitemapCompareRepository(db),
    accounts: createSqlAccountRepositories(db),
  };
}
