import type { Clock, Logger } from '@mapsmith/core';
import type { BackgroundTask } from './task.js';

/** A periodic task's handle: `stop` cancels the timer and waits for a pass in progress. */
export interface PeriodicSchedule<Output> {
  stop(): Promise<void>;
  /** Runs a pass now, after any pass in progress; resolves with its result (undefined: failed). */
  runNow(): Promise<Output | undefined>;
}

/** Passes of one task, one at a time: `runNow` queues one; `idle` waits for the last. */
export interface SerialPasses<Output> {
  runNow(): Promise<Output | undefined>;
  idle(): Promise<unknown>;
}

/**
 * Runs passes of `task` one after another with `now` from the clock as input, in whichever
 * scheduler calls them (in-process timers or the queue engine's slots). A failed pass is logged
 * with the task's own words and simply done again next time; `report` logs what a pass changed.
 */
export function serialPasses<Output>(
  task: BackgroundTask<number, Output>,
  clock: Pick<Clock, 'now'>,
  logger: Logger,
  report: (result: Output) => void = () => {},
): SerialPasses<Output> {
  let current: Promise<Output | undefined> = Promise.resolve(undefined);
  const once = async (): Promise<Output | undefined> => {
    try {
      const result = await task.perform(clock.now(), new AbortController().signal);
      report(result);
      return result;
    } catch (err) {
      logger.error(task.onFailed(err));
      return undefined;
    }
  };
  return {
    runNow: () => {
      current = current.then(once);
      return current;
    },
    idle: () => current,
  };
}

/**
 * The one timed-work loop of the embedded server (retention, payment reconciliation, Pro
 * reminders, scheduled crawls): runs `task` at start and then every `intervalMs`, one pass at a
 * time (`serialPasses`).
 */
export function schedulePeriodic<Output>(
  task: BackgroundTask<number, Output>,
  intervalMs: number,
  clock: Pick<Clock, 'now'>,
  logger: Logger,
  report: (result: Output) => void = () => {},
): PeriodicSchedule<Output> {
  const passes = serialPasses(task, clock, logger, report);
  void passes.runNow();
  const timer = setInterval(() => void passes.runNow(), intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await passes.idle();
    },
    runNow: passes.runNow,
  };
}

/**
 * The port timed work runs behind: a task run every `intervalMs`, one pass at a time, with the
 * scheduler's `now` as its input. The embedded server's implementation is in-process timers
 * (`inProcessScheduler`, on `schedulePeriodic`); a deployment with several machines plugs in a
 * queue engine's repeatable jobs here, so routes and tasks never hold timers of their own.
 */
export interface TaskScheduler {
  /** Runs `task` at start and then every `intervalMs`; `report` logs what a pass did. */
  every<Output>(
    task: BackgroundTask<number, Output>,
    intervalMs: number,
    report?: (result: Output) => void,
  ): PeriodicSchedule<Output>;
}

/** The embedded implementation: `schedulePeriodic` timers in this process. */
export function inProcessScheduler(clock: Pick<Clock, 'now'>, logger: Logger): TaskScheduler {
  return {
    every: (task, intervalMs, report) => schedulePeriodic(task, intervalMs, clock, logger, report),
  };
}
