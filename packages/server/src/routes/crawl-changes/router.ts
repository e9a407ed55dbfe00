import { operations } from '@mapsmith/core';
import { Router } from 'express';
import { requireUser } from '../../auth/session.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';

/**
 * `GET /api/crawl/:jobId/changes` (issue 13): how the crawl differs from the previous completed
 * crawl of the same site (figures and the removed URLs); the rows' change kinds are in the URL
 * table (`crawl.urls` with `change=`). A crawl still running has no report yet (409).
 */
export function crawlChangesRouter(ctx: AppContext): Router {
  const router = Router();
  router.get(operations['crawl.changes'].path, requireUser, async (req, res) => {
    const user = res.locals.user;
    if (!user) return;
    const { jobId } = parseInput(operations['crawl.changes'].input, req.params);
    const job = await ctx.repos.jobs.get(jobId, user.id);
    if (!job)
      throw new HttpError(404, 'Not found', 'No crawl job with this id', {}, 'crawl.not-found');
    if (job.status !== 'completed')
      throw new HttpError(
        409,
        'Crawl not finished',
        `The crawl is ${job.status}; its changes are known once it has completed`,
        {},
        'crawl.not-finished',
      );
    res.set('Cache-Control', 'no-store').json(await ctx.repos.jobs.changes(job.id));
  });
  return router;
}
