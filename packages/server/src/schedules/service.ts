import {
  SCHEDULE_TICK_MS,
  type SchedulePass,
  type ScheduleTask,
  type ScheduleUseCaseDeps,
  ScheduleUseCases,
} from '@mapsmith/app';
import type { PeriodicSchedule, TaskScheduler } from '../jobs/scheduler.js';

export { isTokenShape, newToken } from '@mapsmith/app';

/**
 * Scheduled crawls on the server: the application layer's use cases (`ScheduleUseCases`) and
 * the scheduler pass (`ScheduleTask`) run behind the `TaskScheduler` port every 30 s.
 */
export class ScheduleService extends ScheduleUseCases {
  private loop: PeriodicSchedule<SchedulePass> | undefined;

  constructor(
    deps: ScheduleUseCaseDeps,
    private readonly task: ScheduleTask,
  ) {
    super(deps);
  }

  /** Starts the passes on `scheduler` (every 30 s, and one now). */
  start(scheduler: TaskScheduler, report?: (pass: SchedulePass) => void): void {
    this.loop = scheduler.every(this.task, SCHEDULE_TICK_MS, report);
  }

  /** Stops the passes, waiting for one in progress. */
  async stop(): Promise<void> {
    await this.loop?.stop();
  }

  /** Runs a pass now (after any in progress); tests and a just-created schedule use it. */
  async runNow(): Promise<SchedulePass | undefined> {
    return this.loop ? this.loop.runNow() : this.task.perform(this.now());
  }
}
