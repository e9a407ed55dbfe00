import { createUrlPolicy, type Logger } from '@mapsmith/core';
import type { ServerConfig } from './config.js';
import type { AppContext } from './context.js';
import { keepRegistered } from './health/worker-registry.js';
import { type Background, startBackground } from './runtime/background.js';
import { sweepExportsEvery } from './runtime/export-sweep.js';
import { listenHealth } from './runtime/health-listener.js';
import { type Listening, listenApi } from './runtime/http.js';
import { runsWorkers, servesHttp } from './runtime/process-config.js';
import { buildServices } from './runtime/services.js';
import { openStorage, type Storage } from './runtime/storage.js';

export { databaseFile, outboxDir } from './runtime/storage.js';

/** A started server process. */
export interface RunningServer {
  /**
   * The URL to open, e.g. `http://127.0.0.1:3000`; for a worker, its health listener's URL, or
   * an empty string when it has none.
   */
  url: string;
  /** The services it runs on. */
  context: AppContext;
  /** Stops accepting connections, finishes work in progress and closes the database. */
  close(): Promise<void>;
}

/**
 * Runs every stop in order, then closes the database. A stop that fails is logged and the rest
 * still run: an open pool left behind would keep the process alive after SIGTERM.
 */
async function stopAll(
  stops: (() => Promise<void>)[],
  storage: Storage,
  logger: Logger,
): Promise<void> {
  for (const stop of stops) {
    await stop().catch((err: unknown) => {
      logger.error('a part of the server did not stop cleanly', {
        error: err instanceof Error ? err.message : String(err),
      });
    });
  }
  await storage.db.close();
}

/**
 * Starts what `config.role` asks for on the configured database: `api` listens with the API and
 * the web app; `worker` runs the crawl workers and the timed work (and, with
 * `MAPSMITH_HEALTH_PORT`, a listener answering `GET /api/health` only); `all` does both, as the
 * embedded server always has.
 */
export async function startServer(config: ServerConfig, logger: Logger): Promise<RunningServer> {
  const storage = await openStorage(config, logger);
  // The one SSRF guard of the process: every route, job and notification fetches behind it.
  const policy = createUrlPolicy({ allowLoopback: config.allowLoopback });
  const { context, mailer, scaled, setListenUrl } = buildServices(config, logger, storage, policy);
  const stops: (() => Promise<void>)[] = [];
  let url = '';
  try {
    let http: Listening | undefined;
    if (servesHttp(config.role)) {
      http = await listenApi(context);
    } else if (config.healthPort > 0) {
      http = await listenHealth(config, {
        db: storage.db,
        role: config.role,
        workers: storage.workers,
      });
    }
    if (http) {
      url = http.url;
      stops.push(http.close);
      if (servesHttp(config.role)) setListenUrl(http.url);
    }
    let background: Background | undefined;
    if (runsWorkers(config.role)) {
      // The engine first (its schema and queues), and it stops last, after the workers.
      await scaled?.start();
      background = await startBackground(context, mailer, scaled?.scheduler);
      stops.push(background.stop);
      if (scaled) stops.push(scaled.stop);
      if (config.databaseUrl) {
        const unregister = keepRegistered(storage.db);
        stops.push(async () => unregister());
      }
    }
    // On Postgres other nodes delete jobs too; the embedded server deletes its own at once.
    if (config.databaseUrl && servesHttp(config.role)) {
      const sweep = sweepExportsEvery(context.exports, config.exportSweepMs, Date, logger);
      stops.push(sweep.stop);
    }
    logger.info('server started', { role: config.role, database: storage.describe, url });
  } catch (err) {
    await stopAll(stops.reverse(), storage, logger);
    throw err;
  }
  return {
    url,
    context,
    // HTTP first (no new work arrives), then the workers, then the database they use.
    close: () => stopAll(stops, storage, logger),
  };
}
