import type { CrawlSettings, ScheduleActions, ScheduleTiming } from '@mapsmith/core';

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
 * Schedules in storage. The embedded implementation is SQLite (`sqlite-repository.ts`); every
 * state change a run makes is one conditional statement, so two scheduler instances (a later
 * deployment with several machines) cannot start one schedule twice.
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
   * schedule is still due at `dueMs`. False when another pass took it first.
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
