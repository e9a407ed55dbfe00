import {
  createSqlAccountRepositories,
  NO_SECRET_BOX,
  type SecretBox,
  SqlAuditQueue,
  SqlAuditRepository,
  SqlBulkRepository,
  SqlCrawlJobRepository,
  SqlJobQueue,
  SqlRateLimiter,
  SqlScheduleRepository,
  SqlSitemapCompareQueue,
  SqlSitemapCompareRepository,
  SqlUsageRepository,
} from '@mapsmith/app';
import { type Clock, type SqlDatabase, systemClock } from '@mapsmith/core';
import type { Repositories } from '../ports.js';
import { SqlReportRecipientRepository } from './report-recipients.js';

/**
 * Every repository on one database: SQLite (embedded) or Postgres (scaled); `box` seals and
 * opens the secrets of crawl settings (none: such settings are refused, never kept in clear).
 */
export function createSqlRepositories(
  db: SqlDatabase,
  clock: Pick<Clock, 'now'> = systemClock,
  box: SecretBox = NO_SECRET_BOX,
): Repositories {
  return {
    jobs: new SqlCrawlJobRepository(db, clock, box),
    queue: new SqlJobQueue(db, clock, box),
    usage: new SqlUsageRepository(db),
    rates: new SqlRateLimiter(db, clock),
    bulks: new SqlBulkRepository(db, clock, box),
    audits: new SqlAuditRepository(db, clock),
    auditQueue: new SqlAuditQueue(db, clock),
    sitemapCompare: new SqlSitemapCompareRepository(db),
    compareQueue: new SqlSitemapCompareQueue(db, clock),
    schedules: new SqlScheduleRepository(db, box),
    reportRecipients: new SqlReportRecipientRepository(db),
    accounts: createSqlAccountRepositories(db),
  };
}
