import { PLAN_LIMITS, presentAnalytics, USAGE_MONTHS } from '@mapsmith/core';
import type { AppContext } from '../../context.js';
import type { RouteTable } from '../../http/operation-route.js';
import { planOf } from '../../limits/plan.js';

/** `GET /api/analytics`: totals of the signed-in user's crawls and the monthly usage meter. */
export function analyticsRoutes(ctx: AppContext): RouteTable {
  return {
    'analytics.get': async (_input, { user }) => {
      const [totals, usage] = await Promise.all([
        ctx.repos.jobs.totals(user.id),
        ctx.repos.usage.months(user.id, USAGE_MONTHS),
      ]);
      return presentAnalytics(totals, usage, PLAN_LIMITS[planOf(user)].pagesPerMonth, Date.now());
    },
  };
}
