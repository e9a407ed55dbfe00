import { type Clock, type SqlDatabase, systemClock } from '@mapsmith/core';
import type { AccountRepositories } from './accounts/ports.js';
import { createSqlAccountRepositories } from './accounts/sql-account-repositories.js';
import { SqlAuditRepository } from './audit/audit-jobs.js';
import { type AuditQueue, SqlAuditQueue } from './audit/audit-queue.js';
import type { AuditRepository } from './audit/ports.js';
import type { BulkRepository } from './bulk/ports.js';
import { SqlBulkRepository } from './bulk/sql-bulks.js';
import type { CrawlJobRepository, JobQueue, RateLimiter, UsageRepository } from './crawl/ports.js';
import { SqlReportRecipientRepository } from './report-recipients/sql-report-recipients.js';
import type { ReportRecipientRepository, ScheduleRepository } from './schedules/ports.js';
import { SqlScheduleRepository } from './schedules/schedule-sql.js';
import { NO_SECRET_BOX, type SecretBox } from './secrets/secret-box.js';
import type { SitemapCompareRepository } from './sitemap-compare/ports.js';
import {
  type SitemapCompareQueue,
  SqlSitemapCompareQueue,
} from './sitemap-compare/sitemap-compare-queue.js';
import { SqlSitemapCompareRepository } from './sitemap-compare/sql-sitemap-compare.js';
import { SqlCrawlJobRepository } from './sql/crawl-jobs.js';
import { SqlJobQueue } from './sql/job-queue.js';
import { SqlRateLimiter, SqlUsageRepository } from './sql/usage.js';

/**
 * Every repository of the hosted server, each a port of a feature of this layer, built once per
 * server over one database (SQLite embedded, Postgres scaled). The contract suite of each port
 * runs on both databases (`describe.each(testDatabaseKinds)`, `@mapsmith/app/testing`).
 */
export interface Repositories {
  jobs: CrawlJobRepository;
  queue: JobQueue;
  usage: UsageRepository;
  rates: RateLimiter;
  /** Bulk crawls (issue 13), bulk/. */
  bulks: BulkRepository;
  /** Sitemap audits (issue 14): jobs, listed URLs and results. */
  audits: AuditRepository;
  /** The audit jobs' queue, with leases like the crawl queue. */
  auditQueue: AuditQueue;
  /** The live sitemap against a crawl (issue 14). */
  sitemapCompare: SitemapCompareRepository;
  /** The live-sitemap comparison jobs (issue 30, point 8), leased like audits. */
  compareQueue: SitemapCompareQueue;
  /** Scheduled crawls (issue 13). */
  schedules: ScheduleRepository;
  /** The client addresses schedules mail their report to (issue 29). */
  reportRecipients: ReportRecipientRepository;
  /** Accounts, sessions, tokens, payments, IndexNow keys and sign-in failures (issue 16). */
  accounts: AccountRepositories;
}

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
