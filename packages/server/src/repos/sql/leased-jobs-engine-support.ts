import type { LeasedRow, SqlLeasedJobs } from '@mapsmith/app';
import { testPostgresUrl } from '@mapsmith/app/testing';
import type { Clock } from '@mapsmith/core';
import { createPgBossEngine, EngineTestClock } from '@mapsmith/postgres';
import { EngineLeasedJobs } from '../../jobs/engine-job-queue.js';
import { leasedQueueSpec } from '../../jobs/scaled.js';
import { openScaledTestDatabase } from '../../jobs/scaled-test-support.js';
import { createLogger } from '../../logger.js';

/**
 * Test support of the leased-jobs contract (not used by the app): the engine adapter on one
 * real pg-boss per test file, on the test Postgres, its time moved by hand (`EngineTestClock`),
 * so a lease runs out when a test says instead of after real seconds.
 */

/** How often the engine's supervisor looks for missed heartbeats, in engine time. */
const SUPERVISE_SECONDS = 5;

/** The shared engine, handing each test a queue of its own. */
export interface EngineHost {
  /** The engine adapter over `rows` (timed by `clock`), on a fresh queue for leases of `leaseMs`. */
  jobs<R extends LeasedRow, J extends { id: string }, S>(
    rows: SqlLeasedJobs<R, J, S>,
    clock: Pick<Clock, 'now'>,
    leaseMs: number,
  ): Promise<EngineLeasedJobs<R, J, S>>;
  /** Moves the engine's time on by `ms`, then lets its supervisor see what ran out. */
  advance(ms: number): Promise<void>;
}

let started: Promise<{ host: EngineHost; close(): Promise<void> }> | undefined;

/** The file's engine, started on first use. */
export async function engineHost(): Promise<EngineHost> {
  started ??= startEngine();
  return (await started).host;
}

/** Stops the file's engine and drops its database, if it was started. */
export async function closeEngineHost(): Promise<void> {
  const running = started;
  started = undefined;
  if (running) await (await running).close();
}

async function startEngine(): Promise<{ host: EngineHost; close(): Promise<void> }> {
  const url = testPostgresUrl();
  if (!url) throw new Error('the engine adapter needs the test Postgres');
  const database = await openScaledTestDatabase(url);
  const clock = new EngineTestClock(Date.now());
  const logger = createLogger({ quiet: true });
  const engine = createPgBossEngine({
    connectionString: database.url,
    maxConnections: 2,
    superviseSeconds: SUPERVISE_SECONDS,
    clock,
    onError: (error) => logger.warn('queue engine error', { error: error.message }),
  });
  await engine.start();
  let queues = 0;
  return {
    host: {
      jobs: async (rows, rowClock, leaseMs) => {
        queues += 1;
        const name = `leased-contract-${queues}`;
        await engine.ensureQueue(leasedQueueSpec(name, leaseMs));
        return new EngineLeasedJobs(engine, rows, name, rowClock, logger, { dispatchEveryMs: 0 });
      },
      advance: (ms) => clock.advance(ms + SUPERVISE_SECONDS * 1000),
    },
    close: async () => {
      await engine.stop();
      await database.close();
    },
  };
}
