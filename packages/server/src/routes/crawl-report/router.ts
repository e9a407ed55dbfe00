import { CrawlAnswers } from '@mapsmith/app';
import type { AppContext } from '../../context.js';
import { HttpResult } from '../../http/http-result.js';
import type { RouteTable } from '../../http/operation-route.js';

/**
 * The crawl report of one job (issue 11), answered by the application layer the desktop's
 * IPC handlers call too: `GET /api/crawl/:jobId/urls` (a page of the URL table),
 * `GET /api/crawl/:jobId/url?url=` (one URL in detail), `GET /api/crawl/:jobId/charts` (the
 * figures of the report's charts, issue 29) and `GET /api/crawl/:jobId/report`
 * (CSV or JSON Lines, streamed). Another user's job is a 404, as for `crawl.get`.
 */
export function crawlReportRoutes(ctx: AppContext): RouteTable {
  const answers = new CrawlAnswers(ctx.repos);
  return {
    // Input the schema refuses is a bad filter here (the contract's `inputRefusal`).
    'crawl.urls': (input, { user }) => answers.urls(input, user.id),
    'crawl.url': (input, { user }) => answers.url(input, user.id),
    'crawl.charts': ({ jobId }, { user }) => answers.charts(jobId, user.id),
    'crawl.report': async (input, { user }) => {
      const file = await answers.report(input, user.id);
      // One chunk (a batch of about 1 MB) waits at most: the socket's pace sets the reads'.
      return HttpResult.download(
        { contentType: file.contentType, fileName: file.fileName },
        file.text,
      );
    },
  };
}
