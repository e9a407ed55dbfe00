import { CrawlAnswers } from '@mapsmith/app';
import type { AppContext } from '../../context.js';
import type { RouteTable } from '../../http/operation-route.js';

/** `GET /api/history`: the signed-in user's crawls, newest first. */
export function historyRoutes(ctx: AppContext): RouteTable {
  const answers = new CrawlAnswers(ctx.repos);
  return { 'history.list': (_input, { user }) => answers.history(user.id) };
}
