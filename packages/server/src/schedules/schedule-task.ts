import { isProAt } from '@mapsmith/app';
import {
  type Logger,
  nextRunAfter,
  plural,
  refuseSiteAddress,
  storageRefusalText,
  type UrlPolicy,
} from '@mapsmith/core';
import type { BackgroundTask } from '../jobs/task.js';
import type { CrawlJobRecord, CrawlJobRepository } from '../repos/ports.js';
import type { ScheduleRecord, ScheduleRepository } from './types.js';

/** How often the scheduler looks for due schedules: runs start within a minute of their time. */
export const SCHEDULE_TICK_MS = 30_000;

/** A claim whose run has not started after this long died with its process. */
const CLAIM_TIMEOUT_MS = 10 * 60_000;

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

/** A claim marker that sorts by time (`dropClaimsBefore` compares them as text). */
function claimMarker(ms: number): string {
  return `claim:${String(Math.max(0, ms)).padStart(15, '0')}`;
}

/**
 * One pass of the scheduler at `now` (the scheduler port's input, so tests drive it with their
 * own clock). First the runs going on: a run whose job ended gets its after-run actions and
 * frees the schedule. Then the due schedules: each is claimed (one conditional update, so it
 * never runs twice at once), and its crawl is started like any crawl of its owner (the hourly
 * limit counts it). A schedule due several times while the server was down runs once: the next
 * run is the first slot after now. An owner without Pro gets no run; the schedule moves to its
 * next slot and runs again once Pro is back.
 */
export class ScheduleTask implements BackgroundTask<number, SchedulePass> {
  /** A failed pass is done again at the next tick. */
  readonly maxAttempts = 1;

  constructor(private readonly deps: ScheduleTaskDeps) {}

  async perform(now: number): Promise<SchedulePass> {
    const pass: SchedulePass = { started: 0, finished: 0, deferred: 0 };
    await this.deps.schedules.dropClaimsBefore(claimMarker(now - CLAIM_TIMEOUT_MS));
    for (const schedule of await this.deps.schedules.running())
      if (await this.finishRun(schedule)) pass.finished++;
    for (const schedule of await this.deps.schedules.due(now, STARTS_PER_PASS)) {
      const outcome = await this.startRun(schedule, now);
      if (outcome === 'started') pass.started++;
      if (outcome === 'deferred') pass.deferred++;
    }
    return pass;
  }

  /** Ends a run whose job has ended; false while it goes on. */
  private async finishRun(schedule: ScheduleRecord): Promise<boolean> {
    const jobId = schedule.runningJobId;
    if (!jobId || jobId.startsWith('claim:')) return false;
    const job = await this.deps.jobs.get(jobId, schedule.userId);
    if (job && job.status !== 'completed' && job.status !== 'failed') return false;
    let problem: string | null = null;
    if (!job) problem = 'The crawl of this run was deleted before it ended';
    else if (job.status === 'failed')
      problem = `The crawl failed: ${job.error ?? 'no reason given'}`;
    else problem = await this.deps.afterRun(schedule, job);
    await this.deps.schedules.finished(schedule.id, jobId, problem);
    return true;
  }

  private async startRun(
    schedule: ScheduleRecord,
    now: number,
  ): Promise<'started' | 'deferred' | 'skipped'> {
    const { schedules, jobs } = this.deps;
    const next = nextRunAfter(schedule, now);
    const owner = await schedules.owner(schedule.userId);
    if (!owner) return 'skipped';
    if (!isProAt(owner.proUntil, now)) {
      // Paused while Pro has ended: no run now, and the next slot runs if Pro is back by then.
      await schedules.deferred(schedule.id, null, next);
      return 'deferred';
    }
    if (!(await schedules.claim(schedule.id, schedule.nextRunMs, claimMarker(now))))
      return 'skipped';
    const refused = refuseSiteAddress(this.deps.policy, schedule.url);
    if (refused) {
      await schedules.deferred(schedule.id, refused, next);
      return 'deferred';
    }
    const result = await jobs.start({
      userId: schedule.userId,
      plan: 'pro',
      url: schedule.url,
      engineeringCap: this.deps.engineeringCap,
      settings: schedule.settings,
    });
    if (result.ok) {
      await schedules.started(schedule.id, result.job.id, next, new Date(now).toISOString());
      this.deps.wake();
      return 'started';
    }
    if (result.reason === 'hourly') {
      // Counted like any crawl: the run waits for the hour's window, then starts once.
      const minutes = Math.max(1, Math.ceil((result.rate.resetMs - now) / 60_000));
      const reason = `Your hourly crawl limit was reached at the scheduled time; the run starts when the limit allows, in about ${plural(minutes, 'minute')}.`;
      await schedules.deferred(schedule.id, reason, Math.max(result.rate.resetMs, now + 1000));
      return 'deferred';
    }
    const why =
      result.reason === 'storage'
        ? storageRefusalText(result.storage)
        : 'Your plan could not start this crawl';
    await schedules.deferred(schedule.id, why, next);
    return 'deferred';
  }

  /** Logged only. */
  onFailed(error: unknown): string {
    return `scheduled crawls pass failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}
