import type { Clock, Logger } from '@mapsmith/core';
import type { QueueEngine } from '@mapsmith/postgres';
import { type PeriodicSchedule, serialPasses, type TaskScheduler } from './scheduler.js';
import type { BackgroundTask } from './task.js';

/** Tuning of the engine scheduler. */
export interface EngineSchedulerOptions {
  /** How often this process's handler of each timed task asks the engine for a due pass. */
  pollSeconds?: number;
}

/** Longest a pass may run before the engine gives up on it (the engine's cap is 24 hours). */
const MAX_PASS_SECONDS = 24 * 60 * 60;

/** The engine queue of a task: named after its class, the same in every process of the cluster. */
export function timedQueueName(task: object): string {
  const name = task.constructor.name;
  if (!name || name === 'Object')
    throw new Error('A timed task needs a class name: it names its queue across the cluster.');
  return `mapsmith-timed-${name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`;
}

/**
 * The scaled server's `TaskScheduler`: each timed task runs once per slot of its interval across
 * the whole cluster. Every process that schedules a task offers the engine a job for the current
 * slot (twice per interval, so a slot is never skipped while one process runs); the engine keeps
 * one job per slot (a unique index on the slot, over settled jobs too), and whichever process
 * fetches it runs the pass. A slot that came due while every process was down is run when the
 * first one starts (its slot is the current one), not once per missed slot. A failed pass is
 * logged and not retried: the next slot does it again, as in the embedded scheduler.
 */
export function engineScheduler(
  engine: QueueEngine,
  clock: Pick<Clock, 'now'>,
  logger: Logger,
  options: EngineSchedulerOptions = {},
): TaskScheduler {
  const taken = new Set<string>();
  const pollSeconds = options.pollSeconds ?? 5;
  return {
    every<Output>(
      task: BackgroundTask<number, Output>,
      intervalMs: number,
      report: (result: Output) => void = () => {},
    ): PeriodicSchedule<Output> {
      const queue = timedQueueName(task);
      if (taken.has(queue)) throw new Error(`${queue} is already scheduled in this process.`);
      taken.add(queue);
      const slotSeconds = Math.max(1, Math.round(intervalMs / 1000));
      const { runNow, idle } = serialPasses(task, clock, logger, report);
      // Set up again at the next offer when it failed (Postgres down at start, a race with
      // another process creating the same queue).
      const setUp = async (): Promise<boolean> => {
        try {
          await engine.ensureQueue({
            name: queue,
            policy: 'standard',
            retryLimit: 0,
            expireInSeconds: Math.min(MAX_PASS_SECONDS, Math.max(900, slotSeconds)),
            // A settled job keeps its slot taken while it is kept: longer than any slot's width.
            deleteAfterSeconds: Math.max(2 * slotSeconds, 3600),
          });
          await engine.work(queue, pollSeconds, async () => {
            await runNow();
          });
          return true;
        } catch (err) {
          logger.error('could not schedule a timed task', { queue, error: String(err) });
          return false;
        }
      };
      let ready: Promise<boolean> | null = null;
      let stopped = false;
      const offer = async () => {
        if (stopped) return;
        ready ??= setUp();
        if (!(await ready)) {
          ready = null;
          return;
        }
        if (stopped) return;
        await engine
          .sendOncePerSlot(queue, slotSeconds)
          .catch((err) =>
            logger.warn('could not offer a timed pass', { queue, error: String(err) }),
          );
      };
      void offer();
      const timer = setInterval(
        () => void offer(),
        Math.max(500, Math.min(intervalMs / 2, 30_000)),
      );
      timer.unref();
      return {
        stop: async () => {
          clearInterval(timer);
          stopped = true;
          if (await ready) await engine.offWork(queue);
          await idle();
          taken.delete(queue);
        },
        runNow,
      };
    },
  };
}
