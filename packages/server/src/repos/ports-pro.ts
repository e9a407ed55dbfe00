import type {
  AuditCounts,
  AuditJob,
  AuditListing,
  AuditResult,
  AuditStore,
  AuditUrlsPage,
  AuditVerdict,
  CrawledUrl,
  SitemapComparePage,
  SitemapCompareRun,
  SitemapCompareSummary,
  SitemapFinding,
  SitemapFlag,
} from '@mapsmith/core';
import type {
  BulkRecord,
  BulkSummaryRecord,
  StartBulkInput,
  StartBulkResult,
} from './bulk-types.js';

/**
 * The ports of the Pro features: bulk crawls, schedules, sitemap audits and their queue, and
 * the live-sitemap comparison. One SQL implementation of each (`repos/sql`) runs on SQLite and on Postgres; routes and workers see only these.
 */

/** Bulk crawls: one row per list, one crawl job per site (the job names its bulk and line). */
export interface BulkRepository {
  /**
   * Creates the bulk and a pending job per site in one transaction, if the sites fit in the
   * user's bulk window (every bulk site started in the last hour counts one). Two starts of
   * one user at once, on any nodes, never both fit in the room of one.
   */
  start(input: StartBulkInput): Promise<StartBulkResult>;
  /** The bulk if it exists and belongs to `userId`. */
  get(bulkId: string, userId: number): Promise<BulkRecord | undefined>;
  /** The user's bulks, newest first. */
  list(userId: number, limit: number): Promise<BulkSummaryRecord[]>;
  /** Deletes bulks created before `cutoffMs` (their jobs go by the crawl retention). */
  deleteCreatedBefore(cutoffMs: number): Promise<number>;
}

export type {
  ReportRecipientByToken,
  ReportRecipientRecord,
  ReportRecipientRepository,
} from '@mapsmith/app';

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
  requestStop(jobId: string, userId: number): Promise<'done' | 'not-found' | 'ended'>;
  /** `stop` when the owner asked the running audit to stop (its worker reads it). */
  stopAsked(jobId: string): Promise<'stop' | null>;
  /** The worker's view of a job, with an upload's text until it is listed. */
  record(jobId: string): Promise<(AuditJobRecord & { content: string | null }) | undefined>;
  /** Stores the listing (each URL once) and marks the job listed, all or nothing. */
  saveListing(jobId: string, listing: AuditListing): Promise<void>;
  /** A page of results, optionally of one verdict and containing some text, in list order. */
  page(
    jobId: string,
    filter: { verdict?: AuditVerdict; q?: string; cursor?: number; limit?: number },
  ): Promise<AuditUrlsPage>;
  /** Every result of the job (one verdict, or all), read in pages so memory stays flat. */
  results(jobId: string, verdict?: AuditVerdict): AsyncGenerator<AuditResult>;
  /** Deletes audits created before `cutoffMs` (their URLs go with them); returns how many. */
  deleteCreatedBefore(cutoffMs: number): Promise<number>;
  /** Leased URLs of an interrupted run go back to the queue (their results were not saved). */
  requeueLeased(jobId: string): Promise<void>;
  /**
   * The job's durable URL list for `runAudit`: each URL is saved and charged to the owner's
   * month at most once, and never past the job's monthly quota, whatever runs at once.
   */
  store(jobId: string): AuditStore;
}

/** An audit job a worker holds the lease of. */
export interface ClaimedAudit {
  job: AuditJobRecord;
  /** True when an earlier attempt was interrupted; its saved results stay saved. */
  resumed: boolean;
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

/**
 * The audit jobs' queue, with leases renewed by heartbeats like the crawl queue, so the same
 * worker pool runs it. A job is claimed by exactly one worker of any process at a time.
 */
export interface AuditQueue {
  /**
   * Takes the oldest pending job, or a running one whose lease expired (resumed), and leases it
   * to `owner`; a job already taken `maxAttempts` times is failed with its reason instead. A
   * pending job whose owner already runs `perUserCap` audits waits (a resumed one does not).
   */
  claim(
    owner: string,
    leaseMs: number,
    maxAttempts: number,
    perUserCap?: number,
  ): Promise<ClaimedAudit | null>;
  /** Extends the lease; false when `owner` no longer holds it (the worker must stop). */
  heartbeat(jobId: string, owner: string, leaseMs: number): Promise<boolean>;
  /** Marks the job completed (only while `owner` holds the lease). */
  complete(jobId: string, owner: string, summary: AuditRunSummary): Promise<void>;
  /** Marks the job failed with a reason a user can read (only while `owner` holds the lease). */
  fail(jobId: string, owner: string, reason: string): Promise<void>;
  /** Expires at once the leases whose owner `isGone` says is dead; returns how many. */
  expireLeasesOf(isGone: (owner: string) => boolean): Promise<number>;
  /** Puts the jobs leased by `owner` back to pending (graceful shutdown); returns how many. */
  release(owner: string): Promise<number>;
  /** Nothing to sweep for audits (their URL rows are their results); kept for the pool. */
  sweepFrontiers(): Promise<number>;
}

/** A crawl's live-sitemap comparison job a worker holds the lease of (issue 30, point 8). */
export interface ClaimedCompare {
  /** `id` is the crawl's id: a crawl has one comparison job. */
  job: { id: string; userId: number };
  /** True when an earlier attempt was interrupted. */
  resumed: boolean;
}

/** What starting a comparison did: the crawl's job, or the other crawl being compared. */
export type CompareStart = { run: SitemapCompareRun } | { busyWith: string };

/**
 * The live-sitemap comparison jobs (one per crawl), leased like audits so the same worker pool
 * runs them outside the request; one user waits or runs one comparison at a time.
 */
export interface SitemapCompareQueue {
  /**
   * Starts the crawl's comparison (again), or joins it while it waits or runs; refuses with
   * the other crawl's id while one of the user's other crawls is being compared.
   */
  start(jobId: string, userId: number): Promise<CompareStart>;
  /** The crawl's comparison job, or null when none was started. */
  run(jobId: string): Promise<SitemapCompareRun | null>;
  /** See `AuditQueue.claim` (every job is its own user's only one, so no cap is needed). */
  claim(owner: string, leaseMs: number, maxAttempts: number): Promise<ClaimedCompare | null>;
  /** See `AuditQueue.heartbeat`. */
  heartbeat(jobId: string, owner: string, leaseMs: number): Promise<boolean>;
  /** Marks the job done (only while `owner` holds the lease); the findings are saved already. */
  complete(jobId: string, owner: string, summary: SitemapCompareSummary): Promise<void>;
  /** Marks the job failed with a reason a user can read (only while `owner` holds the lease). */
  fail(jobId: string, owner: string, reason: string): Promise<void>;
  /** See `AuditQueue.expireLeasesOf`. */
  expireLeasesOf(isGone: (owner: string) => boolean): Promise<number>;
  /** See `AuditQueue.release`. */
  release(owner: string): Promise<number>;
  /** Nothing to sweep; kept for the pool. */
  sweepFrontiers(): Promise<number>;
}

/** The live sitemap against a crawl (issue 14): the last comparison of each crawl. */
export interface SitemapCompareRepository {
  /** The crawl's URLs as the comparison needs them, in crawl order. */
  crawled(jobId: string): Promise<CrawledUrl[]>;
  /** Replaces the crawl's comparison, all or nothing: figures and URLs with a finding. */
  save(jobId: string, summary: SitemapCompareSummary, findings: SitemapFinding[]): Promise<void>;
  /** The figures of the last comparison, or null. */
  summary(jobId: string): Promise<SitemapCompareSummary | null>;
  /** A page of findings (one kind, or every URL with one), in comparison order. */
  page(
    jobId: string,
    filter: { flag?: SitemapFlag | undefined; cursor?: number | undefined; limit?: number },
  ): Promise<Omit<SitemapComparePage, 'run'>>;
  /** Every finding (one kind, or all), in pages so memory stays flat. */
  findings(jobId: string, flag?: SitemapFlag): AsyncGenerator<SitemapFinding>;
}
