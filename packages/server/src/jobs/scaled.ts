import {
  type AuditQueue,
  type SecretBox,
  SqlAuditQueue,
  SqlSitemapCompareQueue,
} from '@mapsmith/app';
import type { Clock, Logger, SqlDatabase } from '@mapsmith/core';
import { createPgBossEngine, type EngineQueueSpec, type QueueEngine } from '@mapsmith/postgres';
import type { JobsConfig } from './config.js';
import {
  AUDIT_ENGINE_QUEUE,
  COMPARE_ENGINE_QUEUE,
  CRAWL_ENGINE_QUEUE,
  EngineJobQueue,
  EngineLeasedJobs,
} from './engine-job-queue.js';
import { engineScheduler } from './engine-scheduler.js';
import type { CompareJobs } from './index.js';
import type { TaskScheduler } from './scheduler.js';

/** The engine's least heartbeat time (pg-boss refuses less). */
const MIN_HEARTBEAT_SECONDS = 10;
/** The engine's longest active time of a job (pg-boss's cap: 24 hours). */
const MAX_ACTIVE_SECONDS = 24 * 60 * 60;
/** Times an abandoned job is handed out again; its task's `maxAttempts` stops it sooner. */
const RETRY_LIMIT = 1000;

/** The parts a worker process of the scaled server runs its jobs on. */
export interface ScaledJobs {
  /** The engine itself (health reads its counts). */
  engine: QueueEngine;
  /** The crawl queue for `createJobSystem({ queue, recoverLocal: false })`. */
  queue: EngineJobQueue;
  /** The sitemap audits' queue on the same engine (`createJobSystem({ auditQueue })`). */
  auditQueue: AuditQueue;
  /** The live-sitemap comparisons' queue on the same engine. */
  compareQueue: CompareJobs;
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
 * The engine queue of a leased-job kind (`EngineLeasedJobs`): one engine job per row while it
 * waits or runs, handed out again when its holder misses the heartbeats of a lease of `leaseMs`.
 */
export function leasedQueueSpec(name: string, leaseMs: number): EngineQueueSpec {
  return {
    name,
    policy: 'exclusive',
    heartbeatSeconds: heartbeatSecondsFor(leaseMs),
    retryLimit: RETRY_LIMIT,
    expireInSeconds: MAX_ACTIVE_SECONDS,
  };
}

/**
 * Builds the engine (pg-boss), the queues of crawls, audits and comparisons on it and the
 * timed-work scheduler for a worker process. The engine's errors (a lost connection, a Postgres restart) are logged, never thrown:
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
  const dispatch = { dispatchEveryMs: Math.min(1000, input.jobs.leaseMs) };
  const { db, clock } = input;
  const queue = new EngineJobQueue(db, engine, clock, logger, dispatch, input.box);
  const auditQueue = new EngineLeasedJobs(
    engine,
    new SqlAuditQueue(db, clock),
    AUDIT_ENGINE_QUEUE,
    clock,
    logger,
    dispatch,
  );
  const compareQueue = new EngineLeasedJobs(
    engine,
    new SqlSitemapCompareQueue(db, clock),
    COMPARE_ENGINE_QUEUE,
    clock,
    logger,
    dispatch,
  );
  return {
    engine,
    queue,
    auditQueue,
    compareQueue,
    scheduler: engineScheduler(engine, input.clock, logger, {
      pollSeconds: input.timedPollSeconds ?? 5,
    }),
    start: async () => {
      await engine.start();
      for (const name of [CRAWL_ENGINE_QUEUE, AUDIT_ENGINE_QUEUE, COMPARE_ENGINE_QUEUE])
        await engine.ensureQueue(leasedQueueSpec(name, input.jobs.leaseMs));
    },
    stop: () => engine.stop(),
  };
}
