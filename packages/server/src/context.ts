import type { Repositories } from '@mapsmith/app';
import type { Logger, SqlDatabase, UrlPolicy } from '@mapsmith/core';
import type { ServerConfig } from './config.js';
import type { ExportCache } from './exports/export-cache.js';
import type { WorkerRegistry } from './health/worker-registry.js';
import type { JobSystem } from './jobs/index.js';
import type { ScheduleService } from './schedules/service.js';
import type { DiskSpace } from './storage/disk-space.js';

/**
 * The server's services, built once at start and handed to every router and job. Features add
 * their services here (one field each) rather than reaching for globals.
 */
export interface AppContext {
  config: ServerConfig;
  /** The database (SQLite or Postgres) behind the repositories. */
  db: SqlDatabase;
  logger: Logger;
  /**
   * The SSRF guard of every fetch made for a user, built once in `startServer` (loopback only
   * under `MAPSMITH_ALLOW_LOOPBACK=1`): routes, jobs and notifications use this one.
   */
  policy: UrlPolicy;
  /** Crawl jobs, pages, usage and rate counters, behind repository interfaces. */
  repos: Repositories;
  /** The crawl workers and the retention task. */
  jobs: JobSystem;
  /** Built exports of completed crawls, kept on disk. */
  exports: ExportCache;
  /** Free space of the data folder; new crawls and export builds wait while it is low. */
  disk: DiskSpace;
  /** Scheduled crawls (issue 13): their operations and the scheduler pass. */
  schedules: ScheduleService;
  /** The live crawl-worker processes of the deployment, for `GET /api/health` (issue 16). */
  workers: WorkerRegistry;
}
