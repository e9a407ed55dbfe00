import { operations } from '@mapsmith/core';
import { Router } from 'express';
import { checkHealth, type HealthCheckDeps } from '../../health/health-check.js';

/**
 * `GET /api/health`: the database, the crawl queue and the live workers (see `checkHealth`);
 * 503 when the database does not answer, so a load balancer takes the node out.
 */
export function healthRouter(deps: HealthCheckDeps): Router {
  const router = Router();
  router.get(operations['health.get'].path, async (_req, res) => {
    const report = await checkHealth(deps);
    res
      .status(report.status === 'ok' ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json(report);
  });
  return router;
}
