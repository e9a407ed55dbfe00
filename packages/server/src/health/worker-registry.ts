import os from 'node:os';
import type { SqlQueryable } from '@mapsmith/core';
import type { ProcessRole } from '../runtime/process-config.js';
import { runsWorkers } from '../runtime/process-config.js';

/** Counts the crawl-worker processes that are alive now, across the deployment. */
export interface WorkerRegistry {
  /** How many processes run crawl workers now. */
  live(): Promise<number>;
}

/** The prefix of the Postgres `application_name` every worker process connects with. */
const WORKER_APP_PREFIX = 'mapsmith-worker';

/**
 * The Postgres `application_name` of this process: `mapsmith-worker <host> <pid>` for a process
 * that runs workers (role `worker` or `all`), `mapsmith-api <host> <pid>` otherwise. Postgres
 * lists it for every open connection (`pg_stat_activity`), which is the registry: a process is
 * registered while it is connected, and a killed one drops out the moment its connections close.
 */
export function applicationName(role: ProcessRole): string {
  const kind = runsWorkers(role) ? WORKER_APP_PREFIX : 'mapsmith-api';
  // Postgres keeps 63 bytes of it; the pid at the end must survive that.
  return `${kind} ${os.hostname().slice(0, 32)} ${process.pid}`;
}

/** The embedded registry: one process runs everything, so its workers are alive while it answers. */
export function singleProcessRegistry(role: ProcessRole): WorkerRegistry {
  return { live: async () => (runsWorkers(role) ? 1 : 0) };
}

/**
 * The scaled registry: the distinct worker `application_name`s connected to the database now.
 * A worker polls the queue at least once a second, so it always holds a pooled connection; a
 * machine lost without closing its sockets drops out when Postgres's TCP keepalive gives up.
 */
export function postgresRegistry(db: SqlQueryable): WorkerRegistry {
  return {
    live: async () => {
      const row = await db.first<{ n: number }>(
        `SELECT COUNT(DISTINCT application_name) AS n FROM pg_stat_activity
          WHERE application_name LIKE ?`,
        [`${WORKER_APP_PREFIX} %`],
      );
      return Number(row?.n ?? 0);
    },
  };
}

/**
 * Keeps a worker process's registration alive: one trivial query every `intervalMs` holds a
 * pooled connection open (the pool closes idle ones after 30 s), so an idle worker, waiting for
 * crawls through the queue engine's own connections, is still counted. Returns the stop.
 */
export function keepRegistered(db: SqlQueryable, intervalMs = 10_000): () => void {
  const timer = setInterval(() => {
    // A failed beat (Postgres restarting) is the next one's to repeat; the health route says so.
    db.first('SELECT 1 AS ok').catch(() => undefined);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
