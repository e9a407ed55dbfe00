import { CrawlAnswers } from '@mapsmith/app';
import type { AppContext } from '../../context.js';
import type { RouteTable } from '../../http/operation-route.js';
import { planOf } from '../../limits/plan.js';

/** `GET /api/analytics`: totals of the signed-in user's crawls and the monthly usage meter. */
export function analyticsRoutes(ctx: AppContext): RouteTable {
  const answers = new CrawlAnswers(ctx.repos);
  return {
    'analytics.get': (_input, { user }) => answers.analytics(user.id, planOf(user), Date.now()),
  };
}
