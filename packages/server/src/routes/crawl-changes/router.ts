import { CrawlAnswers } from '@mapsmith/app';
import type { AppContext } from '../../context.js';
import type { RouteTable } from '../../http/operation-route.js';

/**
 * `GET /api/crawl/:jobId/changes` (issue 13): how the crawl differs from the previous completed
 * crawl of the same site (figures and the removed URLs); the rows' change kinds are in the URL
 * table (`crawl.urls` with `change=`). A crawl still running has no report yet (409). With
 * `?against=<jobId>` the comparison is with that crawl of the same site (issue 26).
 */
export function crawlChangesRoutes(ctx: AppContext): RouteTable {
  const answers = new CrawlAnswers(ctx.repos);
  return {
    'crawl.changes': ({ jobId, against }, { user }) => answers.changes(jobId, user.id, against),
  };
}
