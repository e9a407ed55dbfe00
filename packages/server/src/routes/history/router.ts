import type { AppContext } from '../../context.js';
import type { RouteTable } from '../../http/operation-route.js';
import { presentHistoryItem } from './presenter.js';
import { HISTORY_LIMIT } from './schema.js';

/** `GET /api/history`: the signed-in user's crawls, newest first. */
export function historyRoutes(ctx: AppContext): RouteTable {
  return {
    'history.list': async (_input, { user }) => {
      const jobs = await ctx.repos.jobs.list(user.id, HISTORY_LIMIT);
      return jobs.map(presentHistoryItem);
    },
  };
}
