import {
  type CrawlReport,
  type IssueMatcher,
  issueMatcher,
  REPORT_FILES,
  type ReportFilter,
  ReportQueryError,
  reportFileName,
  reportText,
} from '@mapsmith/core';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { HttpResult } from '../../http/http-result.js';
import type { RouteTable } from '../../http/operation-route.js';
import type { CrawlJobRecord } from '../../repos/ports.js';

/** Bad input of the report's calls is a bad filter: a 400 with the report's filter code. */
function invalidFilter(message: string): HttpError {
  return new HttpError(400, 'Invalid filter', message, {}, 'report.filter-invalid');
}

/** Runs a report read; a bad cursor or filter found while reading becomes a 400 with its code. */
async function reading<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof ReportQueryError)
      throw new HttpError(400, 'Invalid filter', err.message, {}, err.code);
    throw err;
  }
}

/**
 * The crawl report of one job (issue 11), through core `CrawlReport`, the code the desktop's
 * IPC handlers call too: `GET /api/crawl/:jobId/urls` (a page of the URL table),
 * `GET /api/crawl/:jobId/url?url=` (one URL in detail) and `GET /api/crawl/:jobId/report`
 * (CSV or JSON Lines, streamed). Another user's job is a 404, as for `crawl.get`.
 */
export function crawlReportRoutes(ctx: AppContext): RouteTable {
  const { jobs } = ctx.repos;

  async function ownJob(jobId: string, userId: number): Promise<CrawlJobRecord> {
    const job = await jobs.get(jobId, userId);
    if (!job) throw new HttpError(404, 'Not found', 'No crawl job with this id', {}, 'not-found');
    return job;
  }

  async function issueOf(jobId: string, filter: ReportFilter): Promise<IssueMatcher | undefined> {
    if (!filter.issue) return undefined;
    return issueMatcher(filter.issue, await jobs.cachedSeoAnalysis(jobId));
  }

  const report = (): CrawlReport => jobs.report();

  return {
    'crawl.urls': {
      invalid: invalidFilter,
      handle: async (input, { user }) => {
        const job = await ownJob(input.jobId, user.id);
        return reading(async () => report().urls(job.id, input, await issueOf(job.id, input)));
      },
    },

    'crawl.url': {
      invalid: invalidFilter,
      handle: async (input, { user }) => {
        const job = await ownJob(input.jobId, user.id);
        const detail = await report().url(job.id, input.url);
        if (!detail)
          throw new HttpError(
            404,
            'Not found',
            'This crawl did not meet that URL',
            {},
            'report.url-unknown',
          );
        return detail;
      },
    },

    'crawl.report': {
      invalid: invalidFilter,
      handle: async (input, { user }) => {
        const job = await ownJob(input.jobId, user.id);
        const issue = await reading(() => issueOf(job.id, input));
        // One chunk (a batch of about 1 MB) waits at most: the socket's pace sets the reads'.
        return HttpResult.download(
          {
            contentType: REPORT_FILES[input.format].contentType,
            fileName: reportFileName(job.url, input.format),
          },
          reportText(report(), job.id, input, input.format, issue),
        );
      },
    },
  };
}
