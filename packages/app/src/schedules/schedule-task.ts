import { randomUUID } from 'node:crypto';
import type { Clock, Logger, UrlPolicy } from '@mapsmith/core';
import type { CrawlJobRecord, CrawlJobRepository } from '../crawl/ports.js';
import { runClaimed } from '../jobs/run-claimed.js';
import type { ScheduleRecord, ScheduleRepository, ScheduleRuns, ScheduleStep } from './ports.js';
import { ScheduleStepTask } from './schedule-step.js';

/** How often the scheduler looks for due schedules: runs start within a minute of their time. */
export const SCHEDULE_TICK_MS = 30_000;

/**
 * How long the claim of a schedule's step lasts unless its holder extends it: a step whose
 * holder died (a crash between claim and start, or during the after-run actions) is taken over
 * after this.
 */
export const SCHEDULE_LEASE_MS = 2 * 60_000;

/** How often a holder extends its lease while a step goes on (the after-run actions). */
const HEARTBEAT_MS = SCHEDULE_LEASE_MS / 4;

/** Most steps added in one round of a pass; the rest wait for the next pass (30 s later). */
const STEPS_PER_ROUND = 50;

/** What one pass did. */
export interface SchedulePass {
  started: number;
  finished: number;
  deferred: number;
}

/** What the schedule task works with. */
export interface ScheduleTaskDeps {
  schedules: ScheduleRepository;
  /** The schedule runs on the leased-job engine, timed by `clock` (the pass's). */
  runs(clock: Pick<Clock, 'now'>): ScheduleRuns;
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

/**
 * One pass of the scheduler at `now` (the scheduler port's input, so tests drive it with their
 * own clock), on the one leased-job engine: each schedule that needs a step (due to start, or
 * its run's crawl ended) gets one pending step of the schedule-run kind (`ScheduleRuns`), and the
 * pass claims the steps and runs each with `runClaimed` (`ScheduleStepTask`): heartbeated,
 * ended under its claim token, taken over once its lease runs out when its holder died. A
 * schedule has one open step at a time, so of several passes (nodes, or a pass racing the last)
 * one starts each run and one ends it. A schedule due several times while the app or server was
 * off runs once, says which slot it was late for, and next runs at the first slot after now.
 * A run ended in this pass frees its schedule for a slot that came meanwhile, in the same pass.
 */
export class ScheduleTask {
  /** A failed pass is done again at the next tick. */
  readonly maxAttempts = 1;
  /** The lease owner of this process's passes. */
  private readonly owner = `schedules-${randomUUID()}`;

  constructor(private readonly deps: ScheduleTaskDeps) {}

  async perform(now: number): Promise<SchedulePass> {
    const since = performance.now();
    // Leases follow the pass's time as it goes on; the steps' facts are at `now`.
    const runs = this.deps.runs({ now: () => now + Math.round(performance.now() - since) });
    const step = new ScheduleStepTask(this.deps, runs, now);
    const pass: SchedulePass = { started: 0, finished: 0, deferred: 0 };
    for (let round = 0; round < 2; round++) {
      await runs.enqueue(now, STEPS_PER_ROUND);
      const before = pass.finished;
      for (let n = 0; n < 2 * STEPS_PER_ROUND; n++) {
        const claimed = await runs.claim(this.owner, SCHEDULE_LEASE_MS, step.maxAttempts);
        if (!claimed) break;
        let did: ScheduleStep = 'none';
        const task = {
          maxAttempts: step.maxAttempts,
          onFailed: (err: unknown) => step.onFailed(err),
          perform: async (c: typeof claimed) => {
            did = await step.perform(c);
            return did;
          },
        };
        const end = await runClaimed(runs, task, claimed, {
          signal: new AbortController().signal,
          leaseMs: SCHEDULE_LEASE_MS,
          heartbeatMs: HEARTBEAT_MS,
        });
        if (end.end === 'failed')
          this.deps.logger.warn('a scheduled run step failed', {
            schedule: claimed.job.scheduleId,
            reason: end.reason,
          });
        if (end.end === 'completed' && did !== 'none') pass[did]++;
      }
      // Only a run ended in this round can have freed a schedule for a slot that is due now.
      if (pass.finished === before) break;
    }
    return pass;
  }

  /** Logged only. */
  onFailed(error: unknown): string {
    return `scheduled crawls pass failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}
