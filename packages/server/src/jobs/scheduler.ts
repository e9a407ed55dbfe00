import type { Clock, Logger } from '@mapsmith/core';
import type { RetentionTask } from './retention-task.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Runs the retention task at start and then once a day; `stop` cancels the timer and waits. */
export function scheduleRetention(
  task: RetentionTask,
  clock: Pick<Clock, 'now'>,
  logger: Logger,
): { stop(): Promise<void>; runNow(): Promise<number> } {
  let current: Promise<number> = Promise.resolve(0);
  const once = async () => {
    try {
      const deleted = await task.perform(clock.now());
      if (deleted > 0) logger.info('old crawl jobs deleted', { deleted });
      return deleted;
    } catch (err) {
      logger.error(task.onFailed(err));
      return 0;
    }
  };
  const runNow = () => {
    current = current.then(once);
    return current;
  };
  void runNow();
  const timer = setInterval(() => void runNow(), DAY_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await current;
    },
    runNow,
  };
}
