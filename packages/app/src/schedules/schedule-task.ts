import { randomUUID } from 'node:crypto';
import {
  type Logger,
  nextRunAfter,
  plural,
  refuseSiteAddress,
  storageRefusalText,
  type UrlPolicy,
} from '@mapsmith/core';
import type { CrawlJobRecord, CrawlJobRepository } from '../crawl/ports.js';
import { isProAt } from '../plan/pro-now.js';
import type { ScheduleClaim, ScheduleRecord, ScheduleRepository } from './ports.js';

/** How often the scheduler looks for due schedules: runs start within a minute of their time. */
export const SCHEDULE_TICK_MS = 30_000;

/**
 * How long a claim on a schedule lasts unless its holder extends it: a claim whose holder died
 * (a crash between claim and start, or during the after-run actions) is taken over after this.
 */
export const SCHEDULE_LEASE_MS = 2 * 60_000;

/**
 * A run that starts more than this after its slot started late (the app or server was not
 * running, or the previous run had not ended): the schedule keeps the slot and says so.
 */
export const LATE_AFTER_MS = 5 * 60_000;

/** How often a holder extends its lease while the after-run actions go on. */
const HEARTBEAT_MS = SCHEDULE_LEASE_MS / 4;

/** Most schedules started in one pass; the rest wait for the next (30 s later). */
const STARTS_PER_PASS = 50;

/** What one pass did. */
export interface SchedulePass {
  started: number;
  finished: number;
  deferred: number;
}

/** What the schedule task works with. */
export interface ScheduleTaskDeps {
  schedules: ScheduleRepository;
  jobs: CrawlJobRepository;
  /** The engineering page cap of Pro crawls (`MAPSMITH_ENGINEERING_PAGE_CAP`). */
  engineeringCap: number;
  /** Runs crawl onto the user's own disk (the desktop): no storage budget, as its other crawls. */
  ownDisk?: boolean;
  /** Wakes the crawl workers once a job is created. */
  wake(): void;
  /**
   * The after-run actions of an ended run (publish, mail, IndexNow; a failed crawl only mails
   * why); resolves with what went wrong in words, or null.
   */
  afterRun(schedule: ScheduleRecord, job: CrawlJobRecord): Promise<string | null>;
  /**
   * The URL policy: a schedule stored before its site was checked at creation (issue 30,
   * point 3) gets no run, counts nothing and says why, as a refused crawl start would.
   */
  policy: UrlPolicy;
  logger: Logger;
}

/** A fresh claim taken at `nowMs`. */
function newClaim(nowMs: number): ScheduleClaim {
  return { token: randomUUID(), nowMs, expiresMs: nowMs + SCHEDULE_LEASE_MS };
}

/**
 * One pass of the scheduler at `now` (the scheduler port's input, so tests drive it with their
 * own clock). First the runs going on: a run whose job ended is claimed, gets its after-run
 * actions and frees the schedule. Then the due schedules: each is claimed, and its crawl is
 * started like any crawl of its owner (the hourly limit counts it). A claim is a fresh token with
 * a lease (`SCHEDULE_LEASE_MS`), so of several passes (nodes, or a pass racing the last) one
 * takes each step; a holder that died is taken over once its lease runs out, and its late
 * writes are refused (fenced by the token). A schedule due several times while the app or
 * server was off runs once, says which slot it was late for, and next runs at the first slot
 * after now. An owner without Pro gets no run; the schedule moves to its next slot and runs
 * again once Pro is back.
 */
export class ScheduleTask {
  /** A failed pass is done again at the next tick. */
  readonly maxAttempts = 1;

  constructor(private readonly deps: ScheduleTaskDeps) {}

  async perform(now: number): Promise<SchedulePass> {
    const pass: SchedulePass = { started: 0, finished: 0, deferred: 0 };
    for (const schedule of await this.deps.schedules.running(now))
      if (await this.finishRun(schedule, now)) pass.finished++;
    for (const schedule of await this.deps.schedules.due(now, STARTS_PER_PASS)) {
      const outcome = await this.startRun(schedule, now);
      if (outcome === 'started') pass.started++;
      if (outcome === 'deferred') pass.deferred++;
    }
    return pass;
  }

  /**
   * Ends a run whose job has ended, under a claim (so of several passes one does the after-run
   * actions), extending its lease while they go on; false while the run goes on or another pass
   * holds it.
   */
  private async finishRun(schedule: ScheduleRecord, now: number): Promise<boolean> {
    const { schedules } = this.deps;
    const jobId = schedule.runningJobId;
    if (!jobId) return false;
    const job = await this.deps.jobs.get(jobId, schedule.userId);
    if (job && job.status !== 'completed' && job.status !== 'failed') return false;
    const claim = newClaim(now);
    if (!(await schedules.claimEnded(schedule.id, jobId, claim))) return false;
    let problem: string | null = null;
    if (!job) problem = 'The crawl of this run was deleted before it ended';
    else if (job.status === 'failed')
      problem = `The crawl failed: ${job.error ?? 'no reason given'}`;
    else problem = await this.holding(schedule.id, claim, () => this.deps.afterRun(schedule, job));
    if (await schedules.finished(schedule.id, claim.token, jobId, problem)) return true;
    this.lost(schedule.id, 'end');
    return false;
  }

  /** Runs `work` while extending the lease of `claim` every quarter lease. */
  private async holding<T>(id: string, claim: ScheduleClaim, work: () => Promise<T>): Promise<T> {
    const since = performance.now();
    const timer = setInterval(() => {
      const at = claim.nowMs + (performance.now() - since);
      this.deps.schedules.heartbeat(id, claim.token, at + SCHEDULE_LEASE_MS).catch((err: unknown) =>
        this.deps.logger.warn('schedule lease not extended', {
          schedule: id,
          error: String(err),
        }),
      );
    }, HEARTBEAT_MS);
    try {
      return await work();
    } finally {
      clearInterval(timer);
    }
  }

  /** A claim taken over after its lease ran out: its holder wrote nothing. */
  private lost(id: string, step: 'start' | 'end'): void {
    this.deps.logger.warn('a scheduled run lost its claim; another pass took it over', {
      schedule: id,
      step,
    });
  }

  private async startRun(
    schedule: ScheduleRecord,
    now: number,
  ): Promise<'started' | 'deferred' | 'skipped'> {
    const { schedules, jobs } = this.deps;
    const next = nextRunAfter(schedule, now);
    const claim = newClaim(now);
    if (!(await schedules.claimDue(schedule.id, schedule.nextRunMs, claim))) return 'skipped';
    const defer = async (reason: string | null, nextRunMs: number) => {
      if (await schedules.deferred(schedule.id, claim.token, reason, nextRunMs)) return 'deferred';
      this.lost(schedule.id, 'start');
      return 'skipped';
    };
    const owner = await schedules.owner(schedule.userId);
    if (!owner) return defer(null, next);
    if (!isProAt(owner.proUntil, now)) {
      // Paused while Pro has ended: no run now, and the next slot runs if Pro is back by then.
      return defer(null, next);
    }
    const refused = refuseSiteAddress(this.deps.policy, schedule.url);
    if (refused) return defer(refused, next);
    const result = await jobs.start({
      userId: schedule.userId,
      plan: 'pro',
      url: schedule.url,
      engineeringCap: this.deps.engineeringCap,
      settings: schedule.settings,
      ...(this.deps.ownDisk ? { ownDisk: true } : {}),
    });
    if (result.ok) {
      const at = new Date(now).toISOString();
      const lateSlotMs = now - schedule.nextRunMs > LATE_AFTER_MS ? schedule.nextRunMs : null;
      const run = { jobId: result.job.id, nextRunMs: next, at, lateSlotMs };
      if (!(await schedules.started(schedule.id, claim.token, run))) {
        this.lost(schedule.id, 'start');
        return 'skipped';
      }
      this.deps.wake();
      return 'started';
    }
    if (result.reason === 'hourly') {
      // Counted like any crawl: the run waits for the hour's window, then starts once.
      const minutes = Math.max(1, Math.ceil((result.rate.resetMs - now) / 60_000));
      const reason = `Your hourly crawl limit was reached at the scheduled time; the run starts when the limit allows, in about ${plural(minutes, 'minute')}.`;
      return defer(reason, Math.max(result.rate.resetMs, now + 1000));
    }
    const why =
      result.reason === 'storage'
        ? storageRefusalText(result.storage)
        : 'Your plan could not start this crawl';
    return defer(why, next);
  }

  /** Logged only. */
  onFailed(error: unknown): string {
    return `scheduled crawls pass failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}
