/**
 * The ports the server's routes, workers and domain modules use, every one now the application
 * layer's (`@mapsmith/app`, each beside its feature's SQL, implemented once over core's
 * `SqlDatabase` for SQLite and Postgres alike), re-exported here with the Pro ports
 * (`ports-pro.ts`); `Repositories` (app's `repositories.ts`) names them all. The one contract
 * suite of each port runs on both databases (`describe.each(testDatabaseKinds)`).
 */
export type {
  BulkRepository,
  ClaimedJob,
  CrawlJobDetails,
  CrawlJobRecord,
  CrawlJobRepository,
  HistoryJobRecord,
  JobQueue,
  RateLimiter,
  Repositories,
  StartCrawlInput,
  StartCrawlResult,
  UsageRepository,
} from '@mapsmith/app';
export type * from './ports-pro.js';
