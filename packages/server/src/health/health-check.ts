import { countQueue } from '@mapsmith/app';
import type { SqlDatabase } from '@mapsmith/core';
import { type HealthReport, VERSION } from '@mapsmith/core';
import type { ProcessRole } from '../runtime/process-config.js';
import type { WorkerRegistry } from './worker-registry.js';

/** What the health check reads. */
export interface HealthCheckDeps {
  db: SqlDatabase;
  /** This process's role, reported so an operator sees which node answered. */
  role: ProcessRole;
  /** The live crawl-worker processes of the deployment. */
  workers: WorkerRegistry;
  /** A monotonic clock in ms for the latency (tests never depend on its value). */
  now?: () => number;
}

/**
 * `GET /api/health`'s answer: the database (kind, whether it answers, how long a round trip
 * took), the crawl queue (jobs waiting and running: app's `countQueue`) and the live worker
 * processes. `degraded` when the database does not answer, since nothing else works then; no
 * worker is reported but not degraded, as an API node is healthy on its own and the queue
 * simply waits.
 */
export async function checkHealth(deps: HealthCheckDeps): Promise<HealthReport> {
  const now = deps.now ?? (() => performance.now());
  const started = now();
  const ping = await deps.db.first<{ ok: number }>('SELECT 1 AS ok').catch(() => undefined);
  const latencyMs = Math.round((now() - started) * 100) / 100;
  const reachable = Number(ping?.ok) === 1;
  const database = {
    kind: deps.db.dialect.name,
    reachable,
    latencyMs: reachable ? latencyMs : null,
  };
  if (!reachable) {
    return {
      status: 'degraded',
      version: VERSION,
      role: deps.role,
      database,
      queue: null,
      workers: null,
    };
  }
  const [queue, live] = await Promise.all([
    countQueue(deps.db).catch(() => undefined),
    deps.workers.live().catch(() => null),
  ]);
  return {
    status: queue ? 'ok' : 'degraded',
    version: VERSION,
    role: deps.role,
    database,
    queue: queue ?? null,
    workers: live === null ? null : { live },
  };
}
