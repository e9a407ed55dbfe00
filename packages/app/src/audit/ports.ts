import type {
  AuditCounts,
  AuditJob,
  AuditListing,
  AuditResult,
  AuditStore,
  AuditUrlsPage,
  AuditVerdict,
} from '@mapsmith/core';
import type { AuditStopResult } from './audit-stop.js';

/**
 * The sitemap audit's ports (issue 14, Pro): its jobs, their listed URLs and each URL's result,
 * implemented once in SQL (`audit-jobs.ts`) for both shells. The queue that leases audit jobs
 * to workers stays with the job engine.
 */

/** An audit job as the worker reads it. */
export interface AuditJobRecord {
  id: string;
  userId: number;
  /** The sitemap URL, or the uploaded file's name. */
  source: string;
  /** The URL to download; null for an upload (its text is in the row until listed). */
  sourceUrl: string | null;
  /** True once the job's URLs are stored. */
  listed: boolean;
}

/** What starting an audit records. */
export interface StartAuditInput {
  userId: number;
  source: string;
  sourceUrl: string | null;
  content: string | null;
  /** The owner's monthly quota (null for Pro): each checked URL counts as a page. */
  monthQuota: number | null;
}

/** Sitemap audits (issue 14): jobs, their listed URLs and each URL's result. */
export interface AuditRepository {
  /** Creates a pending job; the worker downloads and lists the sitemap. Returns its id. */
  start(input: StartAuditInput): Promise<string>;
  /** The job as `audit.get` shows it, if it belongs to `userId`. */
  get(jobId: string, userId: number): Promise<AuditJob | undefined>;
  /** URLs per verdict among the checked ones. */
  counts(jobId: string): Promise<AuditCounts>;
  /**
   * The owner stops an audit that has not ended (issue 30): a waiting one completes at once, a
   * running one is asked to stop; `not-found` for another user's, `ended` for an ended one.
   */
  requestStop(jobId: string, userId: number): Promise<AuditStopResult>;
  /** `stop` when the owner asked the running audit to stop (its worker reads it). */
  stopAsked(jobId: string): Promise<'stop' | null>;
  /** The worker's view of a job, with an upload's text until it is listed. */
  record(jobId: string): Promise<(AuditJobRecord & { content: string | null }) | undefined>;
  /**
   * Stores the listing (each URL once) and marks the job listed, all or nothing, while the job
   * carries `claimToken` (else `ClaimLostError`, nothing written).
   */
  saveListing(jobId: string, claimToken: string, listing: AuditListing): Promise<void>;
  /** A page of results, optionally of one verdict and containing some text, in list order. */
  page(
    jobId: string,
    filter: { verdict?: AuditVerdict; q?: string; cursor?: number; limit?: number },
  ): Promise<AuditUrlsPage>;
  /** Every result of the job (one verdict, or all), read in pages so memory stays flat. */
  results(jobId: string, verdict?: AuditVerdict): AsyncGenerator<AuditResult>;
  /** Deletes audits created before `cutoffMs` (their URLs go with them); returns how many. */
  deleteCreatedBefore(cutoffMs: number): Promise<number>;
  /**
   * Leased URLs of an interrupted run go back to the queue (their results were not saved), by
   * the holder of `claimToken` only: once the job is taken over it throws `ClaimLostError` and
   * leaves the new holder's leases alone.
   */
  requeueLeased(jobId: string, claimToken: string): Promise<void>;
  /**
   * The job's durable URL list for `runAudit`: each URL is saved and charged to the owner's
   * month at most once, and never past the job's monthly quota, whatever runs at once. Its
   * leases and saves are fenced by `claimToken`: once the job is taken over they throw
   * `ClaimLostError` and write nothing.
   */
  store(jobId: string, claimToken: string): AuditStore;
}

/** How an audit run ended, recorded with the job. */
export interface AuditRunSummary {
  /** URLs checked by this run. */
  saved: number;
  /**
   * `done`, `refused` when the owner's monthly quota ran out, `stopped` by its owner, `time`
   * when the audit's time budget did (then `timeBudgetMs` says how long it was).
   */
  endedBy: 'done' | 'refused' | 'stopped' | 'time';
  /** URLs checked in all (every run), when it was stopped: its note says how many. */
  checked?: number;
  /** The time budget of the run, in ms, for the note of an audit it ended. */
  timeBudgetMs?: number;
}
