import { operations, PLAN_LIMITS, presentAnalytics, USAGE_MONTHS } from '@mapsmith/core';
import { Router } from 'express';
import { requireUser } from '../../auth/session.js';
import type { AppContext } from '../../context.js';
import { planOf } from '../../limits/plan.js';

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
      .json(presentAnalytics(totals, usage, PLAN_LIMITS[planOf(user)].pagesPerMonth, Date.now()));
  });
  return router;
}
