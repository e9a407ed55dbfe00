import {
  type Analytics,
  analyzeSeoStream,
  type CrawlChanges,
  type CrawlCharts,
  type CrawlJob,
  type CrawlOutcome,
  canGzip,
  type ExportFormat,
  type ExportVariant,
  type HistoryItem,
  type IssueMatcher,
  issueMatcher,
  NothingToListError,
  PLAN_LIMITS,
  type Plan,
  presentAnalytics,
  REPORT_FILES,
  type ReportFilter,
  type ReportFormat,
  ReportQueryError,
  type ReportUrlDetail,
  type ReportUrlsPage,
  reportFileName,
  reportText,
  type SeoAnalysis,
  startUrlVariants,
  type UrlsQuery,
  USAGE_MONTHS,
} from '@mapsmith/core';
import { AppError } from '../errors.js';
import { crawlNotFinished, crawlNotFound, invalidInput, notFound } from '../refusals.js';
import type { CrawlJobRecord, CrawlJobRepository, UsageRepository } from './ports.js';
import { outcomeOnce, presentCrawlJob } from './present-crawl.js';
import { presentHistoryItem } from './present-history.js';

/** How many crawls the history lists, newest first. */
export const HISTORY_LIMIT = 100;

/** What the answers read: the crawl jobs and the monthly meter. */
export interface CrawlAnswerRepos {
  jobs: CrawlJobRepository;
  usage: UsageRepository;
}

/** A report file: its name and type, and its text produced as the reader pulls it. */
export interface ReportDownload {
  fileName: string;
  contentType: string;
  text: AsyncIterable<string | Uint8Array>;
}

/** What an export request asks for. */
export interface ExportRequest {
  jobId: string;
  format: ExportFormat;
  compress?: boolean | undefined;
}

/** Runs a report read; a bad cursor or filter found while reading is a 400 with its code. */
async function reading<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof ReportQueryError)
      throw new AppError(err.code, 'Invalid filter', err.message);
    throw err;
  }
}

/**
 * Every answer read from a user's crawls, the same in both shells: the hosted routes and the
 * desktop's IPC handlers call these with the signed-in (or the one local) user, and only
 * deliver the result their own way. Another user's job is indistinguishable from a missing one.
 */
export class CrawlAnswers {
  /** Reads through `repos`. */
  constructor(private readonly repos: CrawlAnswerRepos) {}

  /** The user's job, or a 404 with `code`. */
  async job(
    jobId: string,
    userId: number,
    code: 'crawl.not-found' | 'not-found' = 'crawl.not-found',
  ): Promise<CrawlJobRecord> {
    const job = await this.repos.jobs.get(jobId, userId);
    if (!job) throw notFound('No crawl job with this id', code);
    return job;
  }

  /** The user's job once it has completed; a 409 saying what waits for it before. */
  async completedJob(jobId: string, userId: number, what: string): Promise<CrawlJobRecord> {
    const job = await this.job(jobId, userId);
    if (job.status !== 'completed')
      throw crawlNotFinished(`The crawl is ${job.status}; ${what} once it has completed`);
    return job;
  }

  /** `crawl.get`: the job, its first listed pages, progress, and its outcome once it ended. */
  async crawl(jobId: string, userId: number): Promise<CrawlJob> {
    const found = await this.repos.jobs.getWithDetails(jobId, userId);
    if (!found) throw crawlNotFound();
    return presentCrawlJob(this.repos.jobs, found.job, found.details);
  }

  /**
   * `crawl.changes`: what changed since the previous crawl of the site (issue 13), or since
   * `against`, any other completed crawl of the same site by the user (issue 26).
   */
  async changes(jobId: string, userId: number, against?: string): Promise<CrawlChanges> {
    const job = await this.completedJob(jobId, userId, 'its changes are known');
    if (against === undefined) return this.repos.jobs.changes(job.id);
    const earlier = await this.completedJob(against, userId, 'it can be compared');
    if (earlier.id === job.id || !startUrlVariants(job.url).includes(earlier.url))
      throw new AppError(
        'crawl.other-site',
        'Not comparable',
        earlier.id === job.id
          ? 'A crawl cannot be compared with itself; pick another crawl of the same site'
          : `Only crawls of the same site can be compared: this crawl is of ${job.url}, the other of ${earlier.url}`,
      );
    return this.repos.jobs.changesAgainst(job, earlier);
  }

  /**
   * `seo.get`: the core's analysis over the stored pages, read one batch at a time so a
   * 1,000,000-page crawl never sits in memory, computed once and then kept on the job.
   */
  async seo(jobId: string, userId: number): Promise<SeoAnalysis> {
    const job = await this.completedJob(jobId, userId, 'its SEO analysis is ready');
    return (await this.repos.jobs.cachedSeoAnalysis(job.id)) ?? this.computeSeo(job);
  }

  /**
   * A completed job's kept SEO analysis; when none is kept yet, computed and kept if
   * `mayCompute()` allows it (a page listing many crawls bounds how many one read computes),
   * else null.
   */
  async keptSeo(job: CrawlJobRecord, mayCompute: () => boolean): Promise<SeoAnalysis | null> {
    const kept = await this.repos.jobs.cachedSeoAnalysis(job.id);
    if (kept || !mayCompute()) return kept;
    return this.computeSeo(job);
  }

  /**
   * A finished job's outcome, as `crawl.get` reads it: kept on the job, computed once however
   * many polls ask at the same time (`outcomeOnce`).
   */
  async outcome(job: CrawlJobRecord): Promise<CrawlOutcome> {
    return outcomeOnce(this.repos.jobs, job, await this.repos.jobs.details(job.id));
  }

  /** `crawl.urls`: one page of the URL table. */
  async urls(input: UrlsQuery & { jobId: string }, userId: number): Promise<ReportUrlsPage> {
    const job = await this.job(input.jobId, userId, 'not-found');
    return reading(async () =>
      this.repos.jobs.report().urls(job.id, input, await this.issueOf(job.id, input)),
    );
  }

  /** `crawl.charts`: the figures of the report's charts (issue 29). */
  async charts(jobId: string, userId: number): Promise<CrawlCharts> {
    const job = await this.job(jobId, userId, 'not-found');
    return this.repos.jobs.report().charts(job.id);
  }

  /** `crawl.url`: one URL in detail. */
  async url(input: { jobId: string; url: string }, userId: number): Promise<ReportUrlDetail> {
    const job = await this.job(input.jobId, userId, 'not-found');
    const detail = await this.repos.jobs.report().url(job.id, input.url);
    if (!detail) throw notFound('This crawl did not meet that URL', 'report.url-unknown');
    return detail;
  }

  /** `crawl.report`: the CSV or JSON Lines file, its text read from the database as pulled. */
  async report(
    input: ReportFilter & { jobId: string; format: ReportFormat },
    userId: number,
  ): Promise<ReportDownload> {
    const job = await this.job(input.jobId, userId, 'not-found');
    const issue = await reading(() => this.issueOf(job.id, input));
    return {
      fileName: reportFileName(job.url, input.format),
      contentType: REPORT_FILES[input.format].contentType,
      text: reportText(this.repos.jobs.report(), job.id, input, input.format, issue),
    };
  }

  /** `history.list`: the user's crawls, newest first. */
  async history(userId: number): Promise<HistoryItem[]> {
    return (await this.repos.jobs.list(userId, HISTORY_LIMIT)).map(presentHistoryItem);
  }

  /** `analytics.get`: totals of the user's crawls and the monthly meter of `plan`. */
  async analytics(userId: number, plan: Plan, now: number): Promise<Analytics> {
    const [totals, usage] = await Promise.all([
      this.repos.jobs.totals(userId),
      this.repos.usage.months(userId, USAGE_MONTHS),
    ]);
    return presentAnalytics(totals, usage, PLAN_LIMITS[plan].pagesPerMonth, now);
  }

  /**
   * The export a request asks for, once its job has completed: gzip only where the format
   * allows it, and the plan's RSS cap (100 most recent items on free). Its pages come from
   * `pages(job)`; the shell builds the files its own way (the server's cache, the desktop's folder).
   */
  async exportOf(
    input: ExportRequest,
    userId: number,
    plan: Plan,
  ): Promise<{ job: CrawlJobRecord; variant: ExportVariant }> {
    const variant = exportVariant(input, plan);
    return { job: await this.completedJob(input.jobId, userId, 'download it'), variant };
  }

  /**
   * The exports of several formats of one job, as `exportOf` gives each, the job read once (a
   * bulk zip takes every format of each site: one read per site, not one per file).
   */
  async exportsOf(
    input: { jobId: string; formats: readonly ExportFormat[] },
    userId: number,
    plan: Plan,
  ): Promise<{ job: CrawlJobRecord; variants: ExportVariant[] }> {
    const variants = input.formats.map((format) => exportVariant({ format }, plan));
    return { job: await this.completedJob(input.jobId, userId, 'download it'), variants };
  }

  /**
   * What every export of a job reads: its listed pages, complete (with the link graph), in the
   * sitemap order (core `export/order.ts`: start page first, then depth, then URL).
   */
  pages(jobId: string) {
    return this.repos.jobs.store(jobId).listed();
  }

  /** The core's analysis over the stored pages, one batch at a time, kept on the job. */
  private async computeSeo(job: CrawlJobRecord): Promise<SeoAnalysis> {
    const analysis = await analyzeSeoStream(this.repos.jobs.store(job.id).pages());
    await this.repos.jobs.cacheSeoAnalysis(job.id, analysis);
    return analysis;
  }

  /** The issue filter of the URL table, with the kept analysis for rules that compare pages. */
  private async issueOf(jobId: string, filter: ReportFilter): Promise<IssueMatcher | undefined> {
    if (!filter.issue) return undefined;
    return issueMatcher(filter.issue, await this.repos.jobs.cachedSeoAnalysis(jobId));
  }
}

/** An export's variant: gzip only where the format allows it, and the plan's RSS cap. */
function exportVariant(
  input: Pick<ExportRequest, 'format' | 'compress'>,
  plan: Plan,
): ExportVariant {
  if (input.compress && !canGzip(input.format))
    throw invalidInput(
      'compress',
      `gzip is offered for xml, xml-images, images and videos only, not ${input.format}`,
    );
  return {
    format: input.format,
    gzip: Boolean(input.compress),
    rssLimit: PLAN_LIMITS[plan].rssItems,
  };
}

/** Rethrows `err`; a sitemap with nothing to list is a 422 saying why, never an empty file. */
export function rethrowExportError(err: unknown): never {
  if (err instanceof NothingToListError)
    throw new AppError('export.nothing-to-list', 'Nothing to list', err.message);
  throw err;
}

/** The 404 of a part the export does not have (a sitemap that was not split, or past its last). */
export function noSuchPartError(part: number | undefined): AppError {
  return notFound(`This export has no part ${part}`, 'export.no-part');
}
