import { type Logger, systemClock, type UrlPolicy } from '@mapsmith/core';
import type { ServerConfig } from '../config.js';
import type { AppContext } from '../context.js';
import { createExportCache } from '../exports/index.js';
import { createCrawlRunner } from '../jobs/crawl-runner.js';
import { ThreadCrawlTask } from '../jobs/crawl-thread/thread-crawl-task.js';
import { createJobSystem } from '../jobs/index.js';
import { createScaledJobs, type ScaledJobs } from '../jobs/scaled.js';
import { createMailer, type Mailer } from '../mail/mailer.js';
import { createScheduleService } from '../schedules/index.js';
import { createDiskSpace } from '../storage/disk-space.js';
import { runsWorkers } from './process-config.js';
import { outboxDir, type Storage } from './storage.js';

/** The services of a process, and the one fact only known once it listens. */
export interface Services {
  context: AppContext;
  mailer: Mailer;
  /**
   * The queue engine's parts of a worker process on Postgres (crawl queue, timed-work
   * scheduler); undefined for the embedded server and API processes.
   */
  scaled: ScaledJobs | undefined;
  /** Sets the origin links use when no public URL is configured (the address it listens on). */
  setListenUrl(url: string): void;
}

/**
 * Builds every service on `storage`, whatever the role: an API process still needs the job
 * system's repositories and `wake()` (routes create jobs), a worker still needs the export
 * cache's sweep; what a role *starts* is decided by its caller.
 */
export function buildServices(
  config: ServerConfig,
  logger: Logger,
  storage: Storage,
  policy: UrlPolicy,
): Services {
  const { repos } = storage;
  const { db } = storage;
  const disk = createDiskSpace(config.dataDir, config.minFreeBytes);
  const exports = createExportCache(config, repos.jobs, disk);
  // Worker processes on Postgres take crawls, audits, comparisons and timed work from the queue
  // engine (pg-boss):
  // dead workers are found by their heartbeats, never by the local pid table.
  const scaled =
    config.databaseUrl && runsWorkers(config.role)
      ? createScaledJobs({
          databaseUrl: config.databaseUrl,
          db: storage.db,
          jobs: config.jobs,
          logger,
          clock: systemClock,
          box: storage.secrets,
        })
      : undefined;
  // On SQLite the crawls run in a thread of their own, off the loop that answers HTTP; on
  // Postgres a worker process answers no HTTP but its health, so they run on its loop.
  const crawl = storage.embedded
    ? new ThreadCrawlTask(
        {
          databaseFile: storage.embedded.file,
          secretKeys: storage.embedded.secretKeys,
          crawl: { jobs: config.jobs, allowLoopback: config.allowLoopback },
        },
        logger,
      )
    : createCrawlRunner(config, policy, logger);
  const jobs = createJobSystem(config, repos, crawl, logger, {
    afterPurge: () => exports.sweep(),
    disk,
    policy,
    ...(scaled
      ? {
          queue: scaled.queue,
          auditQueue: scaled.auditQueue,
          compareQueue: scaled.compareQueue,
          scheduler: scaled.scheduler,
          recoverLocal: false,
        }
      : {}),
  });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: outboxDir(config.dataDir),
    logger,
  });
  // Without a public URL, links and stable sitemap URLs use the address the server listens on.
  let siteUrl = config.publicUrl?.replace(/\/+$/, '') ?? '';
  const schedules = createScheduleService({
    config,
    repos,
    db,
    mailer,
    logger,
    policy,
    wake: () => jobs.pool.wake(),
    siteUrl: () => siteUrl,
  });
  const context: AppContext = {
    config,
    db,
    logger,
    policy,
    repos,
    jobs,
    exports,
    disk,
    schedules,
    workers: storage.workers,
  };
  return {
    context,
    mailer,
    scaled,
    setListenUrl: (url) => {
      siteUrl ||= url;
    },
  };
}
