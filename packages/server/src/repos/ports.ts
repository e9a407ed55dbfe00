import type {
  AccountRepositories,
  BulkRepository,
  CrawlJobRepository,
  JobQueue,
  RateLimiter,
  ScheduleRepository,
  UsageRepository,
} from '@mapsmith/app';
import type {
  AuditQueue,
  AuditRepository,
  ReportRecipientRepository,
  SitemapCompareQueue,
  SitemapCompareRepository,
} from './ports-pro.js';

export type {
  BulkRepository,
  ClaimedJob,
  CrawlJobDetails,
  CrawlJobRecord,
  CrawlJobRepository,
  HistoryJobRecord,
  JobQueue,
  RateLimiter,
  StartCrawlInput,
  StartCrawlResult,
  UsageRepository,
} from '@mapsmith/app';
/**
 * The ports file of the server: every storage and queue interface routes, workers and domain
 * modules use, implemented once in SQL over core's `SqlDatabase` (`repos/sql`), on SQLite with
 * in-process workers (embedded) and on Postgres with several API and worker processes (scaled).
 * The crawl ports are the application layer's (`@mapsmith/app`, shared with the desktop); they, the account ports (app's `accounts/`) and the Pro ports
 * (`ports-pro.ts`) are re-exported from here, and `Repositories` names them all. The one
 * contract suite of each port runs on both databases (`describe.each(testDatabaseKinds)`).
 */
export type * from './ports-pro.js';

/** Every repository, built once per server. */
export interface Repositories {
  jobs: CrawlJobRepository;
  queue: JobQueue;
  usage: UsageRepository;
  rates: RateLimiter;
  /** Bulk crawls (issue 13), the application layer's (`@mapsmith/app` bulk/). */
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
