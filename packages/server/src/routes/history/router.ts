import { operations } from '@mapsmith/core';
import { Router } from 'express';
import { requireUser } from '../../auth/session.js';
import type { AppContext } from '../../context.js';
import { presentHistoryItem } from './presenter.js';
import { HISTORY_LIMIT } from './schema.js';

/** `GET /api/history`: the signed-in user's crawls, newest first. */
export function historyRouter(ctx: AppContext): Router {
  const router = Router();
  router.get(operations['history.list'].path, requireUser, async (_req, res) => {
    const user = res.locals.user;
    if (!user) return;
    const jobs = await ctx.repos.jobs.list(user.id, HISTORY_LIMIT);
    res.set('Cache-Control', 'no-store').json(jobs.map(presentHistoryItem));
  });
  return router;
}
