import {
  type AuditJobRecord,
  type AuditQueue,
  type AuditRunSummary,
  type ClaimedCompare,
  type ClaimedLease,
  type CrawlJobRecord,
  type CrawlRunner,
  CrawlTask,
  type JobQueue,
  type LeasedJobs,
  type Repositories,
  SitemapCompareTask,
} from '@mapsmith/app';
import {
  type Clock,
  CRAWL_RETENTION_DAYS,
  type CrawlSummary,
  type Logger,
  type SitemapCompareSummary,
  systemClock,
  type UrlPolicy,
} from '@mapsmith/core';
import type { ServerConfig } from '../config.js';
import { DISK_FULL_CRAWL_STOP, type DiskSpace } from '../storage/disk-space.js';
import { AuditTask } from './audit-task.js';
import { RetentionTask } from './retention-task.js';
import { inProcessScheduler, type PeriodicSchedule, type TaskScheduler } from './scheduler.js';
import type { BackgroundTask } from './task.js';
import { WorkerPool } from './worker-pool.js';

/** Retention runs at start and then once a day. */
const DAY_MS = 24 * 60 * 60 * 1000;

/** The leased comparison jobs a worker pool runs (the SQL queue, or the engine's). */
export type CompareJobs = LeasedJobs<ClaimedCompare['job'], SitemapCompareSummary>;

/** How the job system is assembled; the defaults are the embedded server's. */
export interface JobSystemOptions {
  clock?: Pick<Clock, 'now'>;
  /** The server's one SSRF guard; the audits fetch behind it. */
  policy: UrlPolicy;
  /** Called after retention deleted jobs (sweeps their built exports). */
  afterPurge?: () => Promise<void>;
  /** No job is claimed while it is under its floor. */
  disk?: DiskSpace;
  /**
   * The crawl queue; `repos.queue` (the SQL lease loop) by default. A worker process of the
   * scaled server passes the engine's (`EngineJobQueue`).
   */
  queue?: JobQueue;
  /** The sitemap audits' queue; `repos.auditQueue` by default, the engine's when scaled. */
  auditQueue?: AuditQueue;
  /** The live-sitemap comparisons' queue; `repos.compareQueue` by default, or the engine's. */
  compareQueue?: CompareJobs;
  /** Where retention runs; in-process timers by default, the engine's slots when scaled. */
  scheduler?: TaskScheduler;
  /**
   * Whether leases of dead local processes (the pid table) are expired at start: true for the
   * embedded server; false when scaled, where the engine finds dead workers by their heartbeats.
   */
  recoverLocal?: boolean;
}

/** The background work of the hosted server: the crawl worker pool and the daily retention. */
export interface JobSystem {
  /** The crawl workers; routes call `wake()` after creating a job. */
  pool: WorkerPool;
  /** The sitemap audit workers (issue 14), on the same rails; woken when an audit starts. */
  audits: WorkerPool<AuditJobRecord, AuditRunSummary>;
  /**
   * The live-sitemap comparison workers (issue 30, point 8), on the same rails; woken when a
   * comparison starts.
   */
  compares: WorkerPool<ClaimedCompare['job'], SitemapCompareSummary>;
  /** Deletes expired crawl jobs now; resolves with how many. */
  runRetention(): Promise<number>;
  /** Resumes jobs a dead process left, then starts the workers and the daily retention. */
  start(): Promise<void>;
  /** Stops the workers (their jobs wait as pending) and the retention timer. */
  stop(): Promise<void>;
}

/**
 * What does a claimed crawl: a runner on this loop (the application layer's `CrawlTask` wraps
 * it), or a task that runs the crawl elsewhere (the embedded server's crawl thread) and ends
 * with `close`.
 */
export type CrawlWork =
  | CrawlRunner
  | (BackgroundTask<ClaimedLease<CrawlJobRecord>, CrawlSummary> & {
      /** Readies it before the pool claims (a thread started with the server). */
      start(): Promise<void>;
      close(): Promise<void>;
    });

/**
 * Builds the job system on `repos`; `crawl` does the crawling, `afterPurge` follows retention,
 * and no job is claimed while `disk` is under its floor.
 */
export function createJobSystem(
  config: ServerConfig,
  repos: Repositories,
  crawl: CrawlWork,
  logger: Logger,
  options: JobSystemOptions,
): JobSystem {
  const clock = options.clock ?? systemClock;
  const scheduler = options.scheduler ?? inProcessScheduler(clock, logger);
  const recoverLocal = options.recoverLocal ?? true;
  const leaseMs = config.jobs.leaseMs;
  const disk = options.disk;
  // Crawls and audits lease their jobs alike: the same lease, heartbeat, polling and disk floor.
  const leased = {
    concurrency: config.jobs.workers,
    leaseMs,
    heartbeatMs: Math.max(250, Math.floor(leaseMs / 3)),
    pollMs: Math.min(1000, leaseMs),
    ...(disk
      ? { hasRoom: async () => !(await disk.low()), releaseReserve: () => disk.release() }
      : {}),
  };
  const pool = new WorkerPool(
    options.queue ?? repos.queue,
    typeof crawl === 'function' ? new CrawlTask(repos.jobs, crawl, DISK_FULL_CRAWL_STOP) : crawl,
    { ...leased, perUserConcurrency: config.jobs.crawlsPerUser },
    logger,
  );
  // One audit at a time per worker slot: audits are long, and each is polite on its own. One
  // user's audits share slots as their crawls do, so another user's audit finds a free one.
  const audits = new WorkerPool(
    options.auditQueue ?? repos.auditQueue,
    new AuditTask(
      repos.audits,
      options.policy,
      logger,
      {
        perHostConcurrency: config.jobs.auditPerHost,
        politenessDelayMs: config.jobs.auditDelayMs,
        timeBudgetMs: config.jobs.auditTimeLimitMs,
        giveUpAfterTimeouts: config.jobs.auditGiveUpAfter,
      },
      config.jobs.auditAnswerTimeoutMs,
    ),
    { ...leased, perUserConcurrency: config.jobs.crawlsPerUser },
    logger,
    'audit',
  );
  // A comparison reads one site's sitemaps under its byte and URL budget; one per user at once.
  const compares = new WorkerPool(
    options.compareQueue ?? repos.compareQueue,
    new SitemapCompareTask({
      jobs: repos.jobs,
      compare: repos.sitemapCompare,
      policy: options.policy,
      logger,
    }),
    leased,
    logger,
    'sitemap comparison',
  );
  // Audits are kept as long as crawls, and go in the same daily pass.
  const retention = new RetentionTask(
    repos.jobs,
    repos.rates,
    async () => {
      await repos.audits.deleteCreatedBefore(clock.now() - CRAWL_RETENTION_DAYS * DAY_MS);
      await options.afterPurge?.();
    },
    repos.bulks,
  );
  let schedule: PeriodicSchedule<number> | undefined;
  return {
    pool,
    audits,
    compares,
    runRetention: () => retention.perform(clock.now()),
    start: async () => {
      if (typeof crawl !== 'function') await crawl.start();
      // Embedded mode: jobs of crashed local processes resume now, not after their lease.
      await pool.start(recoverLocal);
      await audits.start(recoverLocal);
      await compares.start(recoverLocal);
      schedule = scheduler.every(retention, DAY_MS, (deleted) => {
        if (deleted > 0) logger.info('old crawl jobs deleted', { deleted });
      });
    },
    stop: async () => {
      await schedule?.stop();
      await Promise.all([pool.stop(), audits.stop(), compares.stop()]);
      await crawl.close?.();
    },
  };
}
