import type { AuditJobRecord } from '@mapsmith/app';
import type {
  AuditCounts,
  AuditJob,
  AuditListing,
  AuditResult,
  AuditStore,
  AuditUrlsPage,
  AuditVerdict,
  CrawledUrl,
  CrawlSettings,
  ScheduleActions,
  ScheduleTiming,
  SitemapComparePage,
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

// The job queues of audits and comparisons are kinds of the application layer's leased jobs.
export type {
  AuditJobRecord,
  AuditQueue,
  AuditRunSummary,
  ClaimedAudit,
  ClaimedCompare,
  CompareStart,
  SitemapCompareQueue,
} from '@mapsmith/app';

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

/** A schedule as the server keeps it. */
export interface ScheduleRecord extends ScheduleTiming {
  id: string;
  userId: number;
  url: string;
  weekday: number | null;
  monthDay: number | null;
  settings: CrawlSettings;
  after: ScheduleActions;
  /** Paused by its owner. */
  paused: boolean;
  /** The secret of its stable sitemap URL. */
  token: string;
  /** When it is next due (ms since the epoch). */
  nextRunMs: number;
  /** The job of the run going on (or a claim marker while it starts), or null. */
  runningJobId: string | null;
  lastJobId: string | null;
  lastRunAt: string | null;
  lastError: string | null;
  /** The job whose files are published at the stable URL, or null. */
  publishedJobId: string | null;
  publishedAt: string | null;
  createdAt: string;
}

/** A schedule's definition as a user gives it (create and update). */
export interface ScheduleDefinition extends ScheduleTiming {
  url: string;
  weekday?: number | null | undefined;
  monthDay?: number | null | undefined;
  settings?: CrawlSettings | undefined;
  after: ScheduleActions;
}

/** The owner facts a run needs: whether Pro is active, and where to mail. */
export interface ScheduleOwner {
  email: string;
  username: string;
  proUntil: string | null;
}

/**
 * Schedules in storage. Every state change a run makes is one conditional statement, so
 * scheduler passes on several nodes at once cannot start one schedule twice.
 */
export interface ScheduleRepository {
  /** A new schedule, due at `nextRunMs`. */
  create(
    userId: number,
    def: ScheduleDefinition,
    token: string,
    nextRunMs: number,
  ): Promise<ScheduleRecord>;
  /** The user's schedules, oldest first. */
  list(userId: number): Promise<ScheduleRecord[]>;
  /** How many schedules the user has. */
  count(userId: number): Promise<number>;
  /** The schedule if it exists and belongs to `userId`. */
  get(id: string, userId: number): Promise<ScheduleRecord | undefined>;
  /** The schedule whose stable URL carries `token`. */
  byToken(token: string): Promise<ScheduleRecord | undefined>;
  /** Replaces the definition; next due at `nextRunMs`. */
  update(id: string, userId: number, def: ScheduleDefinition, nextRunMs: number): Promise<void>;
  /** Pauses or resumes; a resumed schedule is next due at `nextRunMs`. */
  setPaused(id: string, userId: number, paused: boolean, nextRunMs: number): Promise<void>;
  /** Deletes it; false when there was none. */
  delete(id: string, userId: number): Promise<boolean>;
  /** A new token for the stable URL (the old one stops working at once). */
  setToken(id: string, userId: number, token: string): Promise<void>;
  /** Unpaused schedules due at `nowMs` with no run going, most overdue first. */
  due(nowMs: number, limit: number): Promise<ScheduleRecord[]>;
  /** Schedules with a run going (or a claim). */
  running(): Promise<ScheduleRecord[]>;
  /**
   * Takes a due schedule for a run: sets the claim marker only while no run is going and the
   * schedule is still due at `dueMs`. False when another pass (of any node) took it first.
   */
  claim(id: string, dueMs: number, marker: string): Promise<boolean>;
  /** Drops claims whose run never started (a crash between claim and start). */
  dropClaimsBefore(marker: string): Promise<number>;
  /** The run's job started; the schedule is next due at `nextRunMs`. */
  started(id: string, jobId: string, nextRunMs: number, at: string): Promise<void>;
  /** No run now (`reason`, or null for none to report); next due at `nextRunMs`. */
  deferred(id: string, reason: string | null, nextRunMs: number): Promise<void>;
  /** The run's job ended; `error` says what went wrong, if anything. */
  finished(id: string, jobId: string, error: string | null): Promise<void>;
  /** The stable URL now serves the files of `jobId`. */
  published(id: string, jobId: string, at: string): Promise<void>;
  /** The owner of a schedule. */
  owner(userId: number): Promise<ScheduleOwner | undefined>;
}

/** One client address of a schedule's report mail (issue 29 point 3). */
export interface ReportRecipientRecord {
  scheduleId: string;
  /** Lower-cased. */
  email: string;
  /** The secret of its unsubscribe link. */
  token: string;
  /** When it followed that link (ISO), or null while it is mailed. */
  unsubscribedAt: string | null;
}

/** A recipient found by its unsubscribe token, with the schedule it belongs to. */
export interface ReportRecipientByToken extends ReportRecipientRecord {
  /** The schedule's site. */
  url: string;
  userId: number;
}

/**
 * The client addresses of schedules. An unsubscribed address keeps its row until the schedule
 * goes (the owner sees it, and listing it again does not mail it); rows go with the schedule.
 */
export interface ReportRecipientRepository {
  /**
   * Makes `emails` (lower-cased, distinct) the schedule's list: a new address gets a token from
   * `newToken`; an address left out goes unless it unsubscribed.
   */
  set(
    scheduleId: string,
    emails: readonly string[],
    newToken: () => string,
    at: string,
  ): Promise<void>;
  /** The schedule's addresses in the order they were added, unsubscribed ones too. */
  list(scheduleId: string): Promise<ReportRecipientRecord[]>;
  /** The address whose unsubscribe link carries `token`. */
  byToken(token: string): Promise<ReportRecipientByToken | undefined>;
  /** Marks the address of `token` unsubscribed at `at` (once: a later call keeps the first time). */
  unsubscribe(token: string, at: string): Promise<void>;
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
