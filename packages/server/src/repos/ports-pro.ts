import type {
  CrawlSettings,
  ScheduleActions,
  ScheduleTiming,
} from '@mapsmith/core';

// The audits' and comparisons' own ports, and their job queues (kinds of the application
// layer's leased jobs), live in the application layer.
export type {
  AuditJobRecord,
  AuditQueue,
  AuditRepository,
  AuditRunSummary,
  ClaimedAudit,
  ClaimedCompare,
  CompareStart,
  SitemapCompareQueue,
  SitemapCompareRepository,
  StartAuditInput,
} from '@mapsmith/app';

/**
 * The ports of the Pro features still in the server: schedules and report recipients. One SQL
 * implementation of each (`repos/sql`) runs on SQLite and on Postgres.
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
