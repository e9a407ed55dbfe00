import express from 'express';
import type { ServerConfig } from '../config.js';
import type { HealthCheckDeps } from '../health/health-check.js';
import { healthRouter } from '../routes/health/router.js';
import { type Listening, listen } from './http.js';

/**
 * A worker's only listener (`MAPSMITH_HEALTH_PORT`): `GET /api/health` for the orchestrator's
 * probe and a bare 404 for anything else, so no API or web page is ever served from a worker.
 */
export function listenHealth(config: ServerConfig, deps: HealthCheckDeps): Promise<Listening> {
  const app = express();
  app.disable('x-powered-by');
  app.use(healthRouter(deps));
  app.use((_req, res) => {
    res.status(404).json({ error: 'Not found', code: 'not-found' });
  });
  return listen(app, config.healthPort, config.host);
}
