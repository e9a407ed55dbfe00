import { CrawlAnswers } from '@mapsmith/app';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { HttpResult } from '../../http/http-result.js';
import type { RouteTable } from '../../http/operation-route.js';

/** Bad input of the report's calls is a bad filter: a 400 with the report's filter code. */
function invalidFilter(message: string): HttpError {
  return new HttpError(400, 'Invalid filter', message, {}, 'report.filter-invalid');
}

/**
 * The crawl report of one job (issue 11), answered by the application layer the desktop's
 * IPC handlers call too: `GET /api/crawl/:jobId/urls` (a page of the URL table),
 * `GET /api/crawl/:jobId/url?url=` (one URL in detail) and `GET /api/crawl/:jobId/report`
 * (CSV or JSON Lines, streamed). Another user's job is a 404, as for `crawl.get`.
 */
export function crawlReportRoutes(ctx: AppContext): RouteTable {
  const answers = new CrawlAnswers(ctx.repos);
  return {
    'crawl.urls': {
      invalid: invalidFilter,
      handle: (input, { user }) => answers.urls(input, user.id),
    },
    'crawl.url': {
      invalid: invalidFilter,
      handle: (input, { user }) => answers.url(input, user.id),
    },
    'crawl.report': {
      invalid: invalidFilter,
      handle: async (input, { user }) => {
        const file = await answers.report(input, user.id);
        // One chunk (a batch of about 1 MB) waits at most: the socket's pace sets the reads'.
        return HttpResult.download(
          { contentType: file.contentType, fileName: file.fileName },
          file.text,
        );
      },
    },
  };
}
