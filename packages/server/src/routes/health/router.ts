import { operations } from '@mapsmith/core';
import { Router } from 'express';
import { checkHealth, type HealthCheckDeps } from '../../health/health-check.js';
import { HttpResult } from '../../http/http-result.js';
import type { RouteTable } from '../../http/operation-route.js';

/** The answer: 200 while the database answers, 503 otherwise (a load balancer takes the node out). */
async function healthAnswer(deps: HealthCheckDeps): Promise<HttpResult> {
  const report = await checkHealth(deps);
  return HttpResult.json(report, {
    status: report.status === 'ok' ? 200 : 503,
    headers: { 'Cache-Control': 'no-store' },
  });
}

/** `GET /api/health` (operation `health.get`): the database, the crawl queue and the live workers. */
export function healthRoutes(deps: HealthCheckDeps): RouteTable {
  return { 'health.get': () => healthAnswer(deps) };
}

/**
 * The same answer on its own, for a worker's health listener, which mounts no API (and so no
 * contract binder, sessions or CSRF guard).
 */
export function healthRouter(deps: HealthCheckDeps): Router {
  const router = Router();
  router.get(operations['health.get'].path, async (_req, res) => {
    const answer = await healthAnswer(deps);
    res.status(answer.status).set(answer.headers);
    await answer.send(res);
  });
  return router;
}
