import {
  type CrawlReport,
  type IssueMatcher,
  issueMatcher,
  operations,
  REPORT_FILES,
  type ReportFilter,
  ReportQueryError,
  reportFileName,
  reportText,
} from '@mapsmith/core';
import { Router } from 'express';
import type { z } from 'zod';
import { requireUser } from '../../auth/session.js';
import type { AppContext } from '../../context.js';
import { sendDownload } from '../../http/download.js';
import { describeZodError, HttpError } from '../../http/errors.js';
import type { CrawlJobRecord } from '../../repos/types.js';
import { reportInput, urlInput, urlsInput } from './schema.js';

/** Parses the input; a failure is a 400 with the report's filter code. */
function parseFilter<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new HttpError(
      400,
      'Invalid filter',
      describeZodError(result.error),
      {},
      'report.filter-invalid',
    );
  return result.data;
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
export function crawlReportRouter(ctx: AppContext): Router {
  const router = Router();
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

  router.get(operations['crawl.urls'].path, requireUser, async (req, res) => {
    const user = res.locals.user;
    if (!user) return;
    const input = parseFilter(urlsInput, { ...req.query, ...req.params });
    const job = await ownJob(input.jobId, user.id);
    const page = await reading(async () =>
      report().urls(job.id, input, await issueOf(job.id, input)),
    );
    res.set('Cache-Control', 'no-store').json(page);
  });

  router.get(operations['crawl.url'].path, requireUser, async (req, res) => {
    const user = res.locals.user;
    if (!user) return;
    const input = parseFilter(urlInput, { ...req.query, ...req.params });
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
    res.set('Cache-Control', 'no-store').json(detail);
  });

  router.get(operations['crawl.report'].path, requireUser, async (req, res) => {
    const user = res.locals.user;
    if (!user) return;
    const input = parseFilter(reportInput, { ...req.query, ...req.params });
    const job = await ownJob(input.jobId, user.id);
    const issue = await reading(() => issueOf(job.id, input));
    // One chunk (a batch of about 1 MB) waits at most: the socket's pace sets the reads'.
    await sendDownload(
      res,
      {
        contentType: REPORT_FILES[input.format].contentType,
        fileName: reportFileName(job.url, input.format),
      },
      reportText(report(), job.id, input, input.format, issue),
    );
  });

  return router;
}
