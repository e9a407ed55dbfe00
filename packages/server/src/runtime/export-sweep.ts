import type { Clock, Logger } from '@mapsmith/core';
import type { ExportCache } from '../exports/index.js';
import { type PeriodicSchedule, schedulePeriodic } from '../jobs/scheduler.js';

/**
 * Keeps this node's export cache in step with the shared database: built exports are a
 * per-node cache, and a job or account deleted through another node (or by retention on a
 * worker) leaves its exports here until the sweep sees the job is gone (`jobs.existing`).
 * Every `intervalMs`, so a deleted job's files outlive it on another node by at most that.
 */
export function sweepExportsEvery(
  exports: ExportCache,
  intervalMs: number,
  clock: Pick<Clock, 'now'>,
  logger: Logger,
): PeriodicSchedule<number> {
  return schedulePeriodic(
    {
      perform: async () => {
        await exports.sweep();
        return 0;
      },
      onFailed: (err) =>
        `sweeping the export cache failed: ${err instanceof Error ? err.message : String(err)}`,
      maxAttempts: 1,
    },
    intervalMs,
    clock,
    logger,
  );
}
