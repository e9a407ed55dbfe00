import { PgBoss, TestClock } from 'pg-boss';

/**
 * The job-queue engine of the scaled server, behind a narrow interface so the server never sees
 * pg-boss itself (it may be imported only in this package, like `pg`). The server keeps its own
 * job state in SQL; the engine does what a hand-written claim loop did badly: dispatch across
 * processes, heartbeats and the detection of dead workers, a per-group cap of active jobs across
 * the cluster, and one job per time slot for timed work. See docs/architecture.md ("Queue engine").
 */

/** A job the engine handed to this process, with the attempt it is: a stale holder is fenced. */
export interface EngineJob<D> {
  /** The engine's id of the job. */
  id: string;
  /** Which attempt this is (0 first); goes up each time the engine hands the job out again. */
  attempt: number;
  /** What the job was sent with. */
  data: D;
}

/** How a queue behaves; every job of it inherits these. */
export interface EngineQueueSpec {
  /** The queue's name (letters, digits, `-`, `_`, `.`). */
  name: string;
  /**
   * One job per key while it is queued or active (`exclusive`), so sending the same key twice is
   * a no-op; or any number (`standard`, used for timed work, which dedupes by slot instead).
   */
  policy: 'exclusive' | 'standard';
  /**
   * A job whose holder sends no heartbeat for this long is handed out again (at least 10); no
   * heartbeats when absent.
   */
  heartbeatSeconds?: number;
  /** Times a job is handed out again after its holder died or failed it. */
  retryLimit: number;
  /** The longest a job may stay active, heartbeats or not (at most 24 hours). */
  expireInSeconds: number;
  /** How long a settled job is kept (it holds its time slot while kept). */
  deleteAfterSeconds?: number;
}

/** What the engine reports about a queue (for health). */
export interface EngineQueueCounts {
  /** Jobs waiting to be handed out. */
  queued: number;
  /** Jobs a worker holds. */
  active: number;
}

/** The operations the server uses; see `createPgBossEngine`. */
export interface QueueEngine {
  /** Installs or upgrades the engine's schema (`pgboss`) and starts its maintenance timers. */
  start(): Promise<void>;
  /** Stops fetching and timers and closes the engine's connections (jobs held stay active). */
  stop(): Promise<void>;
  /** Creates the queue if missing, or brings its options up to `spec`. */
  ensureQueue(spec: EngineQueueSpec): Promise<void>;
  /**
   * Sends one job per `key` unless one with that key is queued or active (an `exclusive` queue),
   * in one statement; `group` is what `fetch`'s cap counts. Resolves with how many were new.
   */
  dispatch<D extends object>(
    queue: string,
    jobs: Array<{ key: string; group: string; data: D }>,
  ): Promise<number>;
  /**
   * Sends a job for the current slot of `slotSeconds` (database time) unless one was already
   * sent for it by any process; true when this call created it.
   */
  sendOncePerSlot(queue: string, slotSeconds: number): Promise<boolean>;
  /**
   * Takes the next job, skipping groups that already have `groupCap` jobs active across every
   * process; null when none can be taken.
   */
  fetch<D>(queue: string, groupCap?: number): Promise<EngineJob<D> | null>;
  /** Renews the heartbeat of `job`; false when this attempt no longer holds it. */
  touch(queue: string, job: EngineJob<unknown>): Promise<boolean>;
  /** Settles `job` as done; false when this attempt no longer held it. */
  complete(queue: string, job: EngineJob<unknown>): Promise<boolean>;
  /** Fails `job` (retried while its retry limit allows); false when no longer held. */
  fail(queue: string, job: EngineJob<unknown>, reason: string): Promise<boolean>;
  /** Runs `handler` for each job of `queue` fetched by this process, polling every `pollSeconds`. */
  work<D>(
    queue: string,
    pollSeconds: number,
    handler: (job: EngineJob<D>) => Promise<void>,
  ): Promise<void>;
  /** Stops this process's handlers of `queue`, waiting for the running ones. */
  offWork(queue: string): Promise<void>;
  /** The queue's counts, read now. */
  counts(queue: string): Promise<EngineQueueCounts>;
}

/**
 * Time the engine reads instead of the real clock, moved only by `advance` (tests): pg-boss
 * reads it in JavaScript and, through its schema's clock, in every statement (heartbeat expiry,
 * retries), so a lease runs out when a test says, not after real seconds.
 */
export class EngineTestClock {
  /** The pg-boss clock behind it; only `createPgBossEngine` reads it. */
  readonly engineClock: TestClock;

  /** Starts at `startMs` (epoch milliseconds). */
  constructor(startMs: number) {
    this.engineClock = new TestClock(startMs);
  }

  /** The engine's time now, in epoch milliseconds. */
  now(): number {
    return this.engineClock.now();
  }

  /** Moves time on by `ms`, running the engine's timers (supervision) due on the way. */
  advance(ms: number): Promise<void> {
    return this.engineClock.tick(ms);
  }
}

/** How the pg-boss engine connects and how fast it notices dead workers. */
export interface PgBossEngineOptions {
  /** The Postgres URL (the same database as the data; the engine keeps its own schema). */
  connectionString: string;
  /** The engine's own pool size (its connection budget; see the README's "Running at scale"). */
  maxConnections?: number;
  /**
   * How often the engine's supervisor looks for jobs whose heartbeat stopped, in seconds: a dead
   * worker's job is handed out again within `heartbeatSeconds` plus this.
   */
  superviseSeconds?: number;
  /** The engine's schema; `pgboss` by default. */
  schema?: string;
  /** Told about the engine's background errors (a lost connection): never thrown. */
  onError(error: Error): void;
  /** Time for the engine instead of the real clock (tests; see `EngineTestClock`). */
  clock?: EngineTestClock;
}

/** The number of rows a pg-boss command acted on (its declared type omits the field). */
function affected(response: unknown): number {
  return Number((response as { affected?: number } | null)?.affected ?? 0);
}

/** A fenced reference to one attempt of a job, as pg-boss takes it. */
function attemptOf(job: EngineJob<unknown>): { id: string; retryCount: number } {
  return { id: job.id, retryCount: job.attempt };
}

/** The queue engine on pg-boss (12.x): see `QueueEngine` for what each operation guarantees. */
export function createPgBossEngine(options: PgBossEngineOptions): QueueEngine {
  const supervise = options.superviseSeconds ?? 5;
  const schema = options.schema ?? 'pgboss';
  const boss = new PgBoss({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 4,
    schema,
    superviseIntervalSeconds: supervise,
    monitorIntervalSeconds: supervise,
    // Timed work goes through `sendOncePerSlot`, not the engine's cron pass (minute slots).
    schedule: false,
    ...(options.clock ? { clock: options.clock.engineClock } : {}),
  });
  boss.on('error', (err: Error) => options.onError(err));
  const workers = new Map<string, string[]>();
  return {
    start: async () => {
      await boss.start();
    },
    stop: async () => {
      await boss.stop({ graceful: false, close: true });
    },
    ensureQueue: async (spec) => {
      const settings = {
        retryLimit: spec.retryLimit,
        expireInSeconds: spec.expireInSeconds,
        ...(spec.deleteAfterSeconds ? { deleteAfterSeconds: spec.deleteAfterSeconds } : {}),
      };
      const existing = await boss.getQueue(spec.name);
      if (!existing) {
        await boss.createQueue(spec.name, {
          policy: spec.policy,
          ...settings,
          ...(spec.heartbeatSeconds ? { heartbeatSeconds: spec.heartbeatSeconds } : {}),
        });
        return;
      }
      await boss.updateQueue(spec.name, {
        ...settings,
        heartbeatSeconds: spec.heartbeatSeconds ?? null,
      });
    },
    dispatch: async (queue, jobs) => {
      if (jobs.length === 0) return 0;
      const ids = await boss.insert(
        queue,
        jobs.map((j) => ({ data: j.data, singletonKey: j.key, group: { id: j.group } })),
        { returnId: true },
      );
      return ids?.length ?? 0;
    },
    sendOncePerSlot: async (queue, slotSeconds) => {
      const id = await boss.send(queue, {}, { singletonSeconds: slotSeconds });
      return id !== null;
    },
    fetch: async <D>(queue: string, groupCap?: number) => {
      const [job] = await boss.fetch<D>(queue, {
        batchSize: 1,
        ...(groupCap !== undefined ? { groupConcurrency: groupCap } : {}),
      });
      return job ? { id: job.id, attempt: job.retryCount, data: job.data } : null;
    },
    touch: async (queue, job) => affected(await boss.touch(queue, attemptOf(job))) === 1,
    complete: async (queue, job) => affected(await boss.complete(queue, attemptOf(job))) === 1,
    fail: async (queue, job, reason) =>
      affected(await boss.fail(queue, attemptOf(job), { message: reason })) === 1,
    work: async <D>(
      queue: string,
      pollSeconds: number,
      handler: (job: EngineJob<D>) => Promise<void>,
    ) => {
      const id = await boss.work<D>(
        queue,
        { pollingIntervalSeconds: Math.max(0.5, pollSeconds), batchSize: 1 },
        async ([job]) => {
          if (job) await handler({ id: job.id, attempt: job.retryCount, data: job.data });
        },
      );
      workers.set(queue, [...(workers.get(queue) ?? []), id]);
    },
    offWork: async (queue) => {
      for (const id of workers.get(queue) ?? []) await boss.offWork(queue, { id, wait: true });
      workers.delete(queue);
    },
    counts: async (queue) => {
      // Read now: the engine's own queue counts are a cache its monitor refreshes.
      const { rows } = await boss.getDb().executeSql(
        `SELECT COUNT(*) FILTER (WHERE state IN ('created', 'retry')) AS queued,
                  COUNT(*) FILTER (WHERE state = 'active') AS active
             FROM ${schema}.job WHERE name = $1`,
        [queue],
      );
      const row = rows[0] as { queued?: unknown; active?: unknown } | undefined;
      return { queued: Number(row?.queued ?? 0), active: Number(row?.active ?? 0) };
    },
  };
}
