import {
  type AuditJob,
  type AuditUrlsPage,
  type AuditVerdict,
  auditCsv,
  auditFileName,
  HOUR_MS,
  PLAN_LIMITS,
  type Plan,
  plural,
  type RateInfo,
} from '@mapsmith/core';
import type { RateLimiter } from '../crawl/ports.js';
import { AppError, type AppErrorExtras } from '../errors.js';
import { notFound } from '../refusals.js';
import type { AuditRepository } from './ports.js';

/** What sitemap audits are, as a Pro refusal of them names them (both shells). */
export const AUDIT_FEATURE = 'Sitemap audits (the live status of every listed URL)';

/** 429 `limit.hourly`: the plan's `limit` of audit starts in the last hour is used up. */
export function auditHourlyRefusal(limit: number, extras: AppErrorExtras = {}): AppError {
  return new AppError(
    'limit.hourly',
    'Too many requests',
    `You can start at most ${plural(limit, 'audit')} per hour; please try again later`,
    extras,
  );
}

/** What `audit.start` is given: a sitemap URL, or an uploaded sitemap's text and name. */
export interface AuditStartRequest {
  url?: string | undefined;
  content?: string | undefined;
  fileName?: string | undefined;
}

/** An admitted start (the job's id), or its refusal; both with the caller's hourly window. */
export type AuditStartDecision =
  | { ok: true; jobId: string; rate: RateInfo }
  | { ok: false; reason: 'hourly'; limit: number; rate: RateInfo };

/** A report file: its name and type, and its text as it is read from the job. */
export interface AuditReportFile {
  fileName: string;
  contentType: string;
  body: AsyncIterable<string>;
}

/**
 * The sitemap audit's use cases (issue 14, Pro; issue 27 point 2), the same for every shell:
 * start with its admission, get, the table's pages, the CSV report and the owner's stop. A
 * shell only translates: it words a refused start and binds the answers to HTTP or IPC.
 * Another user's audit is a 404 `audit.not-found`, as for crawls.
 */
export class AuditAnswers {
  /** Reads and writes through `audits`; `rates` counts starts; `wake` tells the workers. */
  constructor(
    private readonly audits: AuditRepository,
    private readonly rates: RateLimiter,
    private readonly wake: () => void,
  ) {}

  /**
   * Admits a start: the plan's hourly allowance of crawl starts, in a bucket of its own; each
   * checked URL then counts against the plan's month (the job keeps its quota).
   */
  async start(
    owner: { id: number; plan: Plan },
    input: AuditStartRequest,
  ): Promise<AuditStartDecision> {
    const limits = PLAN_LIMITS[owner.plan];
    const hit = await this.rates.hit(`audit-start:${owner.id}`, limits.crawlsPerHour, HOUR_MS);
    if (!hit.ok)
      return { ok: false, reason: 'hourly', limit: limits.crawlsPerHour, rate: hit.rate };
    const jobId = await this.audits.start({
      userId: owner.id,
      source: input.url ?? input.fileName ?? 'uploaded sitemap',
      sourceUrl: input.url ?? null,
      content: input.content ?? null,
      monthQuota: limits.pagesPerMonth,
    });
    this.wake();
    return { ok: true, jobId, rate: hit.rate };
  }

  /** `audit.get`: the owner's audit with its progress and verdict summary. */
  async get(jobId: string, userId: number): Promise<AuditJob> {
    const job = await this.audits.get(jobId, userId);
    if (!job) throw notFound('No sitemap audit with this id', 'audit.not-found');
    return job;
  }

  /**
   * `audit.stop` (issue 30): a waiting audit ends at once, a running one within about a second;
   * the URLs checked so far keep their verdicts. An ended one is a 409 `audit.ended`.
   */
  async stop(jobId: string, userId: number): Promise<AuditJob> {
    const result = await this.audits.requestStop(jobId, userId);
    if (result === 'ended')
      throw new AppError(
        'audit.ended',
        'Audit already ended',
        'This audit has already ended, so there is nothing to stop. Its results stay as they are.',
      );
    return this.get(jobId, userId);
  }

  /** `audit.urls`: a page of the table, optionally of one verdict and containing some text. */
  async urls(
    userId: number,
    input: { jobId: string; verdict?: AuditVerdict; q?: string; cursor?: number; limit?: number },
  ): Promise<AuditUrlsPage> {
    const job = await this.get(input.jobId, userId);
    return this.audits.page(job.id, input);
  }

  /** `audit.report`: the results as CSV (one verdict, or all), named after the sitemap. */
  async report(
    userId: number,
    input: { jobId: string; verdict?: AuditVerdict },
  ): Promise<AuditReportFile> {
    const job = await this.get(input.jobId, userId);
    return {
      fileName: auditFileName(job.source),
      contentType: 'text/csv; charset=utf-8',
      body: auditCsv(this.audits.results(job.id, input.verdict)),
    };
  }
}
