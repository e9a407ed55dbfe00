import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import type { RouteTable } from '../../http/operation-route.js';

/**
 * `GET /api/crawl/:jobId/changes` (issue 13): how the crawl differs from the previous completed
 * crawl of the same site (figures and the removed URLs); the rows' change kinds are in the URL
 * table (`crawl.urls` with `change=`). A crawl still running has no report yet (409).
 */
export function crawlChangesRoutes(ctx: AppContext): RouteTable {
  return {
    'crawl.changes': async ({ jobId }, { user }) => {
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
      return ctx.repos.jobs.changes(job.id);
    },
  };
}
