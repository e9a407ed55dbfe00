import { nextRunAfter, plural, refuseSiteAddress, storageRefusalText } from '@mapsmith/core';
import type { CrawlJobRecord } from '../crawl/ports.js';
import type { ClaimedLease, ClaimedTask } from '../jobs/leased-jobs.js';
import { isProAt } from '../plan/pro-now.js';
import type {
  ScheduleRecord,
  ScheduleRunClaim,
  ScheduleRunJob,
  ScheduleRuns,
  ScheduleStep,
} from './ports.js';
import type { ScheduleTaskDeps } from './schedule-task.js';

/**
 * A run that starts more than this after its slot started late (the app or server was not
 * running, or the previous run had not ended): the schedule keeps the slot and says so.
 */
export const LATE_AFTER_MS = 5 * 60_000;

/** How often a run's after-run actions are tried when they throw, before the run ends anyway. */
export const AFTER_RUN_TRIES = 3;

/** After-run actions that threw: the step fails at once, in the words its schedule shows. */
class AfterRunFailed extends Error {}

/**
 * One step of a schedule, a job of the schedule-run kind run by `runClaimed` at the pass's time
 * `now`: the start of a due run (its crawl started like any crawl of its owner, or the slot
 * deferred, saying why), or the end of a run whose crawl ended (its after-run actions, once).
 * Every write to the schedule is fenced by the step's claim: a step taken over writes nothing.
 */
export class ScheduleStepTask implements ClaimedTask<ClaimedLease<ScheduleRunJob>, ScheduleStep> {
  /** A step cut short this often (its process died each time) is failed; the next pass adds another. */
  readonly maxAttempts = 3;

  constructor(
    private readonly deps: ScheduleTaskDeps,
    private readonly runs: ScheduleRuns,
    private readonly now: number,
  ) {}

  async perform(claimed: ClaimedLease<ScheduleRunJob>): Promise<ScheduleStep> {
    const { job } = claimed;
    const claim = { runId: job.id, token: claimed.claimToken };
    const schedule = await this.deps.schedules.get(job.scheduleId, job.userId);
    if (!schedule) return 'none';
    if (schedule.runningJobId) return this.finishRun(schedule, schedule.runningJobId, claim);
    if (schedule.paused || schedule.nextRunMs > this.now) return 'none';
    return this.startRun(schedule, claim);
  }

  /** The step's failure in words: after-run actions say theirs, anything else is named so. */
  onFailed(error: unknown): string {
    if (error instanceof AfterRunFailed) return error.message;
    return `The scheduled run failed: ${error instanceof Error ? error.message : String(error)}`;
  }

  /** Ends a run whose job has ended (or was deleted); 'none' while its crawl goes on. */
  private async finishRun(
    schedule: ScheduleRecord,
    jobId: string,
    claim: ScheduleRunClaim,
  ): Promise<ScheduleStep> {
    const job = await this.deps.jobs.get(jobId, schedule.userId);
    if (job && job.status !== 'completed' && job.status !== 'failed') return 'none';
    let problem: string | null = null;
    if (!job) problem = 'The crawl of this run was deleted before it ended';
    else if (job.status === 'failed')
      problem = `The crawl failed: ${job.error ?? 'no reason given'}`;
    else problem = await this.afterRun(schedule, job, claim);
    if (await this.deps.schedules.finished(schedule.id, claim, jobId, problem)) return 'finished';
    return this.lost(schedule.id, 'end');
  }

  /**
   * The after-run actions. When they throw, the schedule says so and the step fails at once
   * (its claim released), so the next pass tries them again; the last try ends the run saying so.
   */
  private async afterRun(
    schedule: ScheduleRecord,
    job: CrawlJobRecord,
    claim: ScheduleRunClaim,
  ): Promise<string | null> {
    try {
      return await this.deps.afterRun(schedule, job);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      const tries = (await this.runs.failuresOf(schedule.id, job.id)) + 1;
      if (tries >= AFTER_RUN_TRIES)
        return `The after-run actions failed ${plural(tries, 'time')}, the last time with: ${why}. They are not tried again for this run.`;
      const words = `The after-run actions failed: ${why}. They are tried again within a minute.`;
      await this.deps.schedules.noted(schedule.id, claim, words);
      throw new AfterRunFailed(words);
    }
  }

  /** A claim taken over after its lease ran out: its holder wrote nothing. */
  private lost(id: string, step: 'start' | 'end'): ScheduleStep {
    this.deps.logger.warn('a scheduled run lost its claim; another pass took it over', {
      schedule: id,
      step,
    });
    return 'none';
  }

  /**
   * Starts the due run, or defers its slot: an owner without Pro gets no run (the next slot runs
   * if Pro is back by then), a refused site says why, the hourly limit keeps the slot until its
   * window allows, a full storage budget says so.
   */
  private async startRun(schedule: ScheduleRecord, claim: ScheduleRunClaim): Promise<ScheduleStep> {
    const { schedules, jobs } = this.deps;
    const now = this.now;
    const next = nextRunAfter(schedule, now);
    const defer = async (reason: string | null, nextRunMs: number): Promise<ScheduleStep> => {
      if (await schedules.deferred(schedule.id, claim, reason, nextRunMs)) return 'deferred';
      return this.lost(schedule.id, 'start');
    };
    const owner = await schedules.owner(schedule.userId);
    if (!owner || !isProAt(owner.proUntil, now)) return defer(null, next);
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
      if (!(await schedules.started(schedule.id, claim, run)))
        return this.lost(schedule.id, 'start');
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
}
