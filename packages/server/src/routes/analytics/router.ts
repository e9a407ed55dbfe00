import { operations } from '@mapsmith/core';
import { Router } from 'express';
import { requireUser } from '../../auth/session.js';
import type { AppContext } from '../../context.js';
import { planOf } from '../../limits/plan.js';
import { presentAnalytics } from './presenter.js';
import { USAGE_MONTHS } from './schema.js';

/** `GET /api/analytics`: totals of the signed-in user's crawls and the monthly usage meter. */
export function analyticsRouter(ctx: AppContext): Router {
  const router = Router();
  router.get(operations['analytics.get'].path, requireUser, async (_req, res) => {
    const user = res.locals.user;
    if (!user) return;
    const [totals, usage] = await Promise.all([
      ctx.repos.jobs.totals(user.id),
      ctx.repos.usage.months(user.id, USAGE_MONTHS),
    ]);
    res
      .set('Cache-Control', 'no-store')
      .json(presentAnalytics(totals, usage, planOf(user), Date.now(), USAGE_MONTHS));
  });
  return router;
}
