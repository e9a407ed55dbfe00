import { testPostgresUrl } from '@mapsmith/app/testing';
import { systemClock } from '@mapsmith/core';
import { createPgBossEngine, type QueueEngine } from '@mapsmith/postgres';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { engineScheduler, timedQueueName } from './engine-scheduler.js';
import { openScaledTestDatabase, type ScaledTestDatabase } from './scaled-test-support.js';
import type { PeriodicSchedule } from './scheduler.js';
import type { BackgroundTask } from './task.js';

const serverUrl = testPostgresUrl();
const logger = createLogger({ quiet: true });

/** A timed task that writes each pass it runs into one shared table, with the process it ran in. */
class CountedPassTask implements BackgroundTask<number, number> {
  readonly maxAttempts = 1;
  constructor(
    private readonly t: ScaledTestDatabase,
    private readonly process: string,
  ) {}
  async perform(now: number): Promise<number> {
    await this.t.db.run('INSERT INTO test_passes (process, at_ms) VALUES (?, ?)', [
      this.process,
      now,
    ]);
    return 1;
  }
  onFailed(error: unknown): string {
    return String(error);
  }
}

let t: ScaledTestDatabase;
const engines: QueueEngine[] = [];
const schedules: PeriodicSchedule<number>[] = [];

async function startEngine(): Promise<QueueEngine> {
  const engine = createPgBossEngine({
    connectionString: t.url,
    maxConnections: 2,
    superviseSeconds: 1,
    onError: () => {},
  });
  await engine.start();
  engines.push(engine);
  return engine;
}

describe.skipIf(!serverUrl)('the engine scheduler (pg-boss on Postgres)', () => {
  beforeEach(async () => {
    t = await openScaledTestDatabase(serverUrl as string);
    await t.db.exec('CREATE TABLE test_passes (process TEXT NOT NULL, at_ms BIGINT NOT NULL)');
  });

  afterEach(async () => {
    await Promise.all(schedules.splice(0).map((s) => s.stop()));
    await Promise.all(engines.splice(0).map((e) => e.stop()));
    await t.close();
  });

  it('names each task queue after its class, the same in every process', () => {
    expect(timedQueueName(new CountedPassTask(t, 'a'))).toBe('mapsmith-timed-counted-pass-task');
    expect(() => timedQueueName({})).toThrow(/class name/);
  });

  it('runs a task once per slot across two schedulers on one database', async () => {
    const slotMs = 2000;
    const windowMs = 9000;
    const [one, two] = [await startEngine(), await startEngine()];
    const began = Date.now();
    for (const [engine, name] of [
      [one, 'one'],
      [two, 'two'],
    ] as const) {
      const scheduler = engineScheduler(engine, systemClock, logger, { pollSeconds: 0.5 });
      schedules.push(scheduler.every(new CountedPassTask(t, name), slotMs));
    }
    // The schedulers run for the window, and on a loaded machine until two slots have run (they
    // may start a slot or two late): waited for with a deadline, not assumed of the window.
    const passCount = async () =>
      Number((await t.db.first<{ n: number }>('SELECT COUNT(*) AS n FROM test_passes'))?.n);
    await new Promise((r) => setTimeout(r, windowMs));
    for (const end = Date.now() + 60_000; (await passCount()) < 2 && Date.now() < end; )
      await new Promise((r) => setTimeout(r, 250));
    await Promise.all(schedules.splice(0).map((s) => s.stop()));
    const slotsTouched = Math.floor(Date.now() / slotMs) - Math.floor(began / slotMs) + 1;
    const passes = await t.db.all<{ process: string }>('SELECT process FROM test_passes');
    // Each scheduler offers a job twice a slot: without the engine's slot, four passes a slot.
    expect(passes.length).toBeGreaterThanOrEqual(2);
    expect(passes.length).toBeLessThanOrEqual(slotsTouched);
  }, 120_000);

  it('runs a pass now on request, after any pass in progress', async () => {
    const engine = await startEngine();
    const scheduler = engineScheduler(engine, systemClock, logger, { pollSeconds: 0.5 });
    const schedule = scheduler.every(new CountedPassTask(t, 'one'), 60 * 60 * 1000);
    schedules.push(schedule);
    expect(await schedule.runNow()).toBe(1);
    expect(() => scheduler.every(new CountedPassTask(t, 'two'), 1000)).toThrow(/already scheduled/);
  });
});
