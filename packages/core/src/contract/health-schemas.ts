import { z } from 'zod';

/**
 * `GET /api/health` (issue 16): what a load balancer and an operator read. `status` is `ok`
 * while the database answers; `database` says which one and how long a round trip took;
 * `queue` counts crawl jobs waiting for a worker and running; `workers.live` counts the
 * processes running crawl workers across the deployment (1 for the embedded server). `queue`
 * and `workers` are null when they could not be read.
 */
export const healthReport = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  /** The role of the process that answered: `api`, `worker` or `all`. */
  role: z.enum(['api', 'worker', 'all']),
  database: z.object({
    kind: z.enum(['sqlite', 'postgres']),
    reachable: z.boolean(),
    /** One `SELECT 1` round trip, in ms; null when the database did not answer. */
    latencyMs: z.number().nullable(),
  }),
  queue: z.object({ waiting: z.number().int(), running: z.number().int() }).nullable(),
  workers: z.object({ live: z.number().int() }).nullable(),
});
/** The answer of `GET /api/health`. */
export type HealthReport = z.infer<typeof healthReport>;
