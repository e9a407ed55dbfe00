import { CrawlHistory } from '@mapsmith/app';
import type { AppContext } from '../../context.js';
import type { RouteTable } from '../../http/operation-route.js';

/**
 * The crawl history (issue 26): `GET /api/crawls`, every crawl of the signed-in user paged,
 * searched, filtered and sorted; `DELETE /api/crawl/:jobId`, one crawl with its stored pages
 * and its built exports.
 */
export function crawlsRoutes(ctx: AppContext): RouteTable {
  const history = new CrawlHistory(ctx.repos);
  const files = {
    forget: (job: { userId: number; id: string }) => ctx.exports.forgetJob(job.userId, job.id),
  };
  return {
    'crawls.list': (input, { user }) => history.crawls(user.id, input),
    'crawl.delete': ({ jobId }, { user }) => history.deleteCrawl(jobId, user.id, files),
  };
}
