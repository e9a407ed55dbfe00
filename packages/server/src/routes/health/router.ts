import { VERSION } from '@mapsmith/core';
import { Router } from 'express';
import type { Database } from '../../db/database.js';

/** `GET /api/health`: the version and whether the database answers. */
export function healthRouter(db: Database): Router {
  const router = Router();
  router.get('/api/health', async (_req, res) => {
    const row = await db.first<{ ok: number }>('SELECT 1 AS ok').catch(() => undefined);
    const ok = row?.ok === 1;
    res
      .status(ok ? 200 : 503)
      .json({ status: ok ? 'ok' : 'degraded', version: VERSION, database: ok });
  });
  return router;
}
