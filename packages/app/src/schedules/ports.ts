import type { CrawlSettings, PageRecord, ScheduleActions, ScheduleTiming } from '@mapsmith/core';
import type { LeasedJobs } from '../jobs/leased-jobs.js';

/**
 * The schedules' storage port and records (issue 13; issue 27 moved them from the server's
 * `repos/ports-pro.ts` into the application layer, beside the SQL that implements them).
 */

/** A schedule as it is kept. */
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
  /** The job of the run going on, or null. */
  runningJobId: string | null;
  lastJobId: string | null;
  lastRunAt: string | null;
  /** The slot the last run was due at when it started late (ms), or null when it started on time. */
  lateSlotMs: number | null;
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

/** A run's start: its job, the next slot, when it started and the slot it was late for, if any. */
export interface ScheduleStart {
  jobId: string;
  nextRunMs: number;
  at: string;
  /** The slot it was due at when it started late (ms since the epoch); null when on time. */
  lateSlotMs: number | null;
}

/** The claim of a schedule-run step a write is fenced by: the run's id and its claim token. */
export interface ScheduleRunClaim {
  runId: string;
  token: string;
}

/** A step of a schedule as a claim hands it over. */
export interface ScheduleRunJob {
  id: string;
  scheduleId: string;
  userId: number;
  /** The crawl job whose end the step handles; null for the start of a due run. */
  runJobId: string | null;
}

/** What a step did: started a run, ended one, deferred the slot, or nothing was left to do. */
export type ScheduleStep = 'started' | 'finished' | 'deferred' | 'none';

/**
 * The steps of schedules on the leased-job engine (the schedule-run kind, its invariants those of
 * `LeasedJobs`): `enqueue` adds a pending step for each schedule that needs one at `nowMs` (due
 * to start, or its run's crawl ended) and has none open; returns how many it added.
 */
export interface ScheduleRuns extends LeasedJobs<ScheduleRunJob, ScheduleStep> {
  enqueue(nowMs: number, limit: number): Promise<number>;
  /** How many steps handling the end of `runJobId` failed (after-run actions that threw). */
  failuresOf(scheduleId: string, runJobId: string): Promise<number>;
}

/**
 * Schedules in storage. Every state change a run makes is one statement fenced by the claim of
 * its step (`ScheduleRuns`), so scheduler passes on several nodes at once cannot start one
 * schedule twice, and a step whose claim was taken over writes nothing.
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
  /**
   * The run's job started under the step's `claim` (`run`): the schedule is next due at
   * `run.nextRunMs`. False (nothing written) when the claim was taken over.
   */
  started(id: string, claim: ScheduleRunClaim, run: ScheduleStart): Promise<boolean>;
  /**
   * No run now under the step's `claim` (`reason`, or null for none to report); next due at
   * `nextRunMs`. False (nothing written) when the claim was taken over.
   */
  deferred(
    id: string,
    claim: ScheduleRunClaim,
    reason: string | null,
    nextRunMs: number,
  ): Promise<boolean>;
  /**
   * The run's job ended and its after-run actions were done under the step's `claim`; `error`
   * says what went wrong, if anything. False (nothing written) when the claim was taken over.
   */
  finished(
    id: string,
    claim: ScheduleRunClaim,
    jobId: string,
    error: string | null,
  ): Promise<boolean>;
  /** Says `error` as the last run's status, the run still going (its end is tried again). */
  noted(id: string, claim: ScheduleRunClaim, error: string): Promise<boolean>;
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

/** One published file: what the stable URL answers conditional requests with. */
export interface PublishedFile {
  /** Strong validator: the SHA-1 of the bytes, quoted. */
  etag: string;
  /** When these bytes were first published (HTTP date); unchanged files keep theirs. */
  lastModified: string;
  bytes: number;
}

/** What `manifest.json` of a schedule's folder records. */
export interface PublishedManifest {
  jobId: string;
  /** The stable URL the files were written for (the index names its parts under it). */
  baseUrl?: string;
  /** The folder (under the schedule's) holding the files. */
  dir: string;
  files: Record<string, PublishedFile>;
}

/**
 * Where the files of a schedule's stable sitemap URL are kept (the server writes them to disk
 * and serves them at `/s/{token}/`).
 */
export interface SchedulePublisher {
  /** Publishes the listed pages of `jobId` for the schedule, under `baseUrl` (ends in `/`). */
  publish(
    scheduleId: string,
    jobId: string,
    baseUrl: string,
    pages: () => AsyncIterable<PageRecord>,
    now: Date,
  ): Promise<PublishedManifest>;
  /** What is published for the schedule now, or null. */
  manifest(scheduleId: string): Promise<PublishedManifest | null>;
  /** A published file and what it is served with, or null when the schedule has no such file. */
  file(scheduleId: string, name: string): Promise<{ path: string; meta: PublishedFile } | null>;
  /** Removes a schedule's files (the schedule was deleted). */
  forget(scheduleId: string): Promise<void>;
}
