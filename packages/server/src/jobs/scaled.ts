import type { SecretBox } from '@mapsmith/app';
import type { Clock, Logger, SqlDatabase } from '@mapsmith/core';
import { createPgBossEngine, type QueueEngine } from '@mapsmith/postgres';
import type { JobQueue } from '../repos/ports.js';
import type { JobsConfig } from './config.js';
import { CRAWL_ENGINE_QUEUE, EngineJobQueue } from './engine-job-queue.js';
import { engineScheduler } from './engine-scheduler.js';
import type { TaskScheduler } from './scheduler.js';

/** The engine's least heartbeat time (pg-boss refuses less). */
const MIN_HEARTBEAT_SECONDS = 10;
/** The engine's longest active time of a job (pg-boss's cap: 24 hours). */
const MAX_ACTIVE_SECONDS = 24 * 60 * 60;
/** Times an abandoned crawl is handed out again; `CrawlTask.maxAttempts` stops it sooner. */
const CRAWL_RETRY_LIMIT = 1000;

/** The parts a worker process of the scaled server runs its jobs on. */
export interface ScaledJobs {
  /** The engine itself (health reads its counts). */
  engine: QueueEngine;
  /** The crawl queue for `createJobSystem({ queue, recoverLocal: false })`. */
  queue: EngineJobQueue;
  /** The timed-work scheduler (retention, payments, reminders, scheduled crawls). */
  scheduler: TaskScheduler;
  /** Installs the engine's schema and queues; before the worker pool starts. */
  start(): Promise<void>;
  /** Closes the engine; after the worker pool and every schedule stopped. */
  stop(): Promise<void>;
}

/** What the scaled job parts are built from. */
export interface ScaledJobsInput {
  /** The Postgres URL of the cluster's database (the engine keeps its schema `pgboss` there). */
  databaseUrl: string;
  /** The shared database the crawl jobs live in. */
  db: SqlDatabase;
  /** The SQL crawl queue over `db` (token-fenced heartbeats, completion, release). */
  rows: JobQueue;
  jobs: JobsConfig;
  logger: Logger;
  clock: Pick<Clock, 'now'>;
  /** Opens a claimed job's crawl credentials. */
  box?: SecretBox;
  /**
   * How often the engine looks for jobs whose heartbeat stopped, in seconds (default 5): a dead
   * worker's crawl is taken over within the lease plus this.
   */
  superviseSeconds?: number;
  /** How often a timed task's handler polls (default 5 s). */
  timedPollSeconds?: number;
}

/** The engine's heartbeat time for a lease of `leaseMs`. */
export function heartbeatSecondsFor(leaseMs: number): number {
  return Math.max(MIN_HEARTBEAT_SECONDS, Math.ceil(leaseMs / 1000));
}

/**
 * Builds the engine (pg-boss), the crawl queue on it and the timed-work scheduler for a worker
 * process. The engine's errors (a lost connection, a Postgres restart) are logged, never thrown:
 * it reconnects on its own.
 */
export function createScaledJobs(input: ScaledJobsInput): ScaledJobs {
  const { logger } = input;
  const engine = createPgBossEngine({
    connectionString: input.databaseUrl,
    maxConnections: input.jobs.queueConnections,
    superviseSeconds: input.superviseSeconds ?? 5,
    onError: (err) => logger.warn('queue engine error', { error: err.message }),
  });
  const queue = new EngineJobQueue(
    input.db,
    engine,
    input.rows,
    input.clock,
    logger,
    { dispatchEveryMs: Math.min(1000, input.jobs.leaseMs) },
    input.box,
  );
  return {
    engine,
    queue,
    scheduler: engineScheduler(engine, input.clock, logger, {
      pollSeconds: input.timedPollSeconds ?? 5,
    }),
    start: async () => {
      await engine.start();
      await engine.ensureQueue({
        name: CRAWL_ENGINE_QUEUE,
        policy: 'exclusive',
        heartbeatSeconds: heartbeatSecondsFor(input.jobs.leaseMs),
        retryLimit: CRAWL_RETRY_LIMIT,
        expireInSeconds: MAX_ACTIVE_SECONDS,
      });
    },
    stop: () => engine.stop(),
  };
}
