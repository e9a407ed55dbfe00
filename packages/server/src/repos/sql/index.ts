import { type Clock, type SqlDatabase, systemClock } from '@mapsmith/core';
import type { Database } from '../../db/database.js';
import type { Repositories } from '../types.js';
import { createSqlAccountRepositories } from './accounts/index.js';
import { SqliteAuditRepository } from './audit-jobs.js';
import { SqliteAuditQueue } from './audit-queue.js';
import { SqliteBulkRepository } from './bulk-crawls.js';
import { SqlCrawlJobRepository } from './crawl-jobs.js';
import { SqlJobQueue } from './job-queue.js';
import { SqliteSitemapCompareRepository } from './sitemap-compare.js';
import { SqlRateLimiter, SqlUsageRepository } from './usage.js';

/** Every repository on one database: SQLite (embedded) or Postgres (scaled). */
export function createSqlRepositories(
  db: SqlDatabase,
  clock: Pick<Clock, 'now'> = systemClock,
): Repositories {
  // Until the bulk, audit and sitemap repositories take the port too (their owner's change),
  // they get the database as the class they are typed with; on SQLite it is that class.
  const legacy = db as Database;
  return {
    jobs: new SqlCrawlJobRepository(db, clock),
    queue: new SqlJobQueue(db, clock),
    usage: new SqlUsageRepository(db),
    rates: new SqlRateLimiter(db, clock),
    bulks: new SqliteBulkRepository(legacy, clock),
    audits: new SqliteAuditRepository(legacy, clock),
    auditQueue: new SqliteAuditQueue(legacy, clock),
    sitemapCompare: new SqliteSitemapCompareRepository(legacy),
    accounts: createSqlAccountRepositories(db),
  };
}

/** @deprecated The old name of `createSqlRepositories`, kept while callers move over. */
export const createSqliteRepositories = createSqlRepositories;
