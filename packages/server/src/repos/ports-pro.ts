import type {
  AuditJobRecord,
  AuditRunSummary,
  CompareStart,
  SitemapCompareRepository,
} from '@mapsmith/app';
import type {
  CrawlSettings,
  ScheduleActions,
  ScheduleTiming,
  SitemapCompareRun,
  SitemapCompareSummary,
} from '@mapsmith/core';

// The audit's own ports moved to the application layer (`@mapsmith/app` audit/ports.ts); the
// queue's types below still name them.
export type {
  AuditJobRecord,
  AuditRepository,
  AuditRunSummary,
  StartAuditInput,
} from '@mapsmith/app';

/** The comparison's ports live with its use cases in the application layer. */
export type { CompareStart, SitemapCompareRepository };

/**
 * The ports of the Pro features still in the server (bulk crawls moved to `@mapsmith/app`): schedules, sitemap audits and their queue, and
 * the live-sitemap comparison. One SQL implementation of each (`repos/sql`) runs on SQLite and on Postgres; routes and workers see only these.
 */

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

/** An audit job a worker holds the lease of. */
export interface ClaimedAudit {
  job: AuditJobRecord;
  /** True when an earlier attempt was interrupted; its saved results stay saved. */
  resumed: boolean;
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
