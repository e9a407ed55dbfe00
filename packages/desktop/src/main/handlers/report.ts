import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  analyzeSeoStream,
  type CrawlJob,
  DEFAULT_CRAWL_OPTIONS,
  type ExportFile,
  endReasonOf,
  endSentence,
  type IssueMatcher,
  issueMatcher,
  jobOutcome,
  PLAN_LIMITS,
  REPORT_FILES,
  type ReportFilter,
  type ReportFormat,
  ReportQueryError,
  type ReportUrlDetail,
  type ReportUrlsPage,
  reportFileName,
  reportText,
  SEO_RULES,
  type UrlsQuery,
} from '@mapsmith/core';
import { HandlerError } from '../errors';
import type { LocalStore } from '../store/local-store';
import type { Dialogs } from './export';

/** What the report handlers need. */
export interface ReportDeps {
  store: LocalStore;
  dialogs: Dialogs;
}

async function ownJob(store: LocalStore, jobId: string): Promise<CrawlJob> {
  const job = await store.getJob(jobId);
  if (!job) throw new HandlerError(404, 'Crawl job not found', undefined, 'not-found');
  return job;
}

/** Runs a report read; a bad cursor or filter becomes a 400 with its code, as hosted. */
async function reading<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof ReportQueryError)
      throw new HandlerError(400, 'Invalid filter', err.message, err.code);
    throw err;
  }
}

async function issueOf(
  store: LocalStore,
  jobId: string,
  filter: ReportFilter,
): Promise<IssueMatcher | undefined> {
  if (!filter.issue) return undefined;
  const rule = SEO_RULES.find((r) => r.id === filter.issue);
  // Rules that compare pages (duplicates) keep their URLs in the analysis, which the desktop
  // computes on demand rather than keeping.
  const analysis = rule && !rule.affects ? await analyzeSeoStream(store.iteratePages(jobId)) : null;
  return issueMatcher(filter.issue, analysis);
}

/** `crawl.changes`: what changed since the previous crawl of the site (issue 13), as hosted. */
export async function crawlChanges(deps: ReportDeps, input: { jobId: string }) {
  const job = await ownJob(deps.store, input.jobId);
  if (job.status !== 'completed')
    throw new HandlerError(
      409,
      'Crawl not finished',
      `The crawl is ${job.status}; its changes are known once it has completed`,
      'crawl.not-finished',
    );
  return deps.store.changes(job.jobId);
}

/** `crawl.urls`: one page of the URL table, through core `CrawlReport` as hosted. */
export async function crawlUrls(
  deps: ReportDeps,
  input: UrlsQuery & { jobId: string },
): Promise<ReportUrlsPage> {
  const job = await ownJob(deps.store, input.jobId);
  return reading(async () =>
    deps.store.report.urls(job.jobId, input, await issueOf(deps.store, job.jobId, input)),
  );
}

/** `crawl.url`: one URL in detail. */
export async function crawlUrl(
  deps: ReportDeps,
  input: { jobId: string; url: string },
): Promise<ReportUrlDetail> {
  const job = await ownJob(deps.store, input.jobId);
  const detail = await deps.store.report.url(job.jobId, input.url);
  if (!detail)
    throw new HandlerError(
      404,
      'Not found',
      'This crawl did not meet that URL',
      'report.url-unknown',
    );
  return detail;
}

type ReportInput = ReportFilter & { jobId: string; format: ReportFormat };

async function* encoded(deps: { store: LocalStore }, job: CrawlJob, input: ReportInput) {
  const issue = await reading(() => issueOf(deps.store, job.jobId, input));
  const encoder = new TextEncoder();
  const text = reportText(deps.store.report, job.jobId, input, input.format, issue);
  for await (const chunk of text) yield typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
}

/** `crawl.report`: the CSV or JSON Lines file as bytes (the renderer's download). */
export async function crawlReportFile(deps: ReportDeps, input: ReportInput): Promise<ExportFile> {
  const job = await ownJob(deps.store, input.jobId);
  const parts: Uint8Array[] = [];
  for await (const part of encoded(deps, job, input)) parts.push(part);
  return {
    fileName: reportFileName(job.url ?? '', input.format),
    contentType: REPORT_FILES[input.format].contentType,
    bytes: Buffer.concat(parts),
  };
}

/** `report.save`: streams the report into a folder the user picks; cancelling saves nothing. */
export async function saveReport(
  deps: ReportDeps,
  input: ReportInput,
): Promise<{ saved: boolean; path: string | null }> {
  const job = await ownJob(deps.store, input.jobId);
  const folder = await deps.dialogs.chooseFolder('Save the crawl report');
  if (!folder) return { saved: false, path: null };
  const file = path.join(folder, reportFileName(job.url ?? '', input.format));
  await pipeline(
    Readable.from(encoded(deps, job, input), { highWaterMark: 1 }),
    fs.createWriteStream(file),
  );
  return { saved: true, path: file };
}

/**
 * The outcome of an ended local job, computed on its first read and kept. The desktop's plan
 * for the job is read from its cap: a cap within the free plan's is a free crawl.
 */
export async function withOutcome(store: LocalStore, job: CrawlJob): Promise<CrawlJob> {
  if (job.status !== 'completed' && job.status !== 'failed') return job;
  if (job.outcome) return job;
  const pageCap = await store.pageCap(job.jobId);
  const free = PLAN_LIMITS.free;
  const isFree = pageCap <= (free.pagesPerCrawl ?? 0);
  const cap = {
    planName: isFree ? 'free' : 'Pro',
    planCap: isFree ? free.pagesPerCrawl : null,
    pageCap,
    monthQuota: isFree ? free.pagesPerMonth : null,
    quotaHit: false,
  };
  const summary = await store.summary(job.jobId);
  const failed = job.status === 'failed';
  const endedBy = failed
    ? /Interrupted/.test(job.error ?? '')
      ? null
      : 'error'
    : (summary?.endedBy ?? 'finished');
  const reason = endReasonOf(endedBy, cap);
  const waiting = summary?.pruned['page-limit'] ?? 0;
  const outcome = await jobOutcome(store.report, job.jobId, {
    endReason: reason,
    endSentence: endSentence(reason, cap, waiting, {
      timeLimitMs: DEFAULT_CRAWL_OPTIONS.timeLimitMs,
      error: job.error,
    }),
    error: failed ? job.error : null,
    pages: job.pagesCrawled,
    waiting,
    completed: !failed,
  });
  await store.saveOutcome(job.jobId, outcome);
  return { ...job, outcome };
}
