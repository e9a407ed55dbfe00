import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createUrlPolicy, type Logger } from '@mapsmith/core';
import { createApp } from './app.js';
import type { ServerConfig } from './config.js';
import type { AppContext } from './context.js';
import { Database } from './db/database.js';
import { migrate } from './db/migrations/index.js';
import { createExportCache } from './exports/index.js';
import { createCrawlRunner } from './jobs/crawl-runner.js';
import { createJobSystem } from './jobs/index.js';
import { PaymentReconcileTask } from './jobs/payment-reconcile-task.js';
import { PRO_REMINDER_INTERVAL_MS, ProReminderTask } from './jobs/pro-reminder-task.js';
import { inProcessScheduler, schedulePeriodic } from './jobs/scheduler.js';
import { createMailer } from './mail/mailer.js';
import { createPayPalClient } from './payments/paypal-client.js';
import { createSqliteRepositories } from './repos/sql/index.js';
import { apiBeforeBody, apiRouters } from './routes/index.js';
import { createScheduleService } from './schedules/index.js';
import { createDiskSpace } from './storage/disk-space.js';

/** A started server. */
export interface RunningServer {
  /** The URL to open, e.g. `http://127.0.0.1:3000`. */
  url: string;
  /** The services it runs on. */
  context: AppContext;
  /** Stops accepting connections, finishes work in progress and closes the database. */
  close(): Promise<void>;
}

/** Path of the SQLite file inside the data folder. */
export function databaseFile(dataDir: string): string {
  return path.join(dataDir, 'mapsmith.sqlite');
}

/** Path of the local mail outbox inside the data folder. */
export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** Opens the database, runs migrations, builds the app and listens. */
export async function startServer(config: ServerConfig, logger: Logger): Promise<RunningServer> {
  fs.mkdirSync(outboxDir(config.dataDir), { recursive: true });
  const db = await Database.open(databaseFile(config.dataDir));
  const applied = await migrate(db);
  if (applied.length > 0) logger.info('database migrated', { applied });
  const repos = createSqliteRepositories(db);
  const disk = createDiskSpace(config.dataDir, config.minFreeBytes);
  const exports = createExportCache(config, repos.jobs, disk);
  // The one SSRF guard of the process: every route, job and notification fetches behind it.
  const policy = createUrlPolicy({ allowLoopback: config.allowLoopback });
  const jobs = createJobSystem(config, repos, createCrawlRunner(config, policy, logger), logger, {
    afterPurge: () => exports.sweep(),
    disk,
    policy,
  });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: outboxDir(config.dataDir),
    logger,
  });
  // Without a public URL, links and stable sitemap URLs use the address the server listens on.
  let siteUrl = config.publicUrl?.replace(/\/+$/, '') ?? '';
  const schedules = createScheduleService({
    config,
    db,
    repos,
    mailer,
    logger,
    policy,
    wake: () => jobs.pool.wake(),
    siteUrl: () => siteUrl,
  });
  const context: AppContext = { config, db, logger, policy, repos, jobs, exports, disk, schedules };
  const app = createApp({
    config,
    db,
    sessions: repos.accounts.sessions,
    logger,
    routers: apiRouters(context),
    beforeBody: apiBeforeBody(context),
  });
  const server = app.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  await jobs.start();
  const payments = schedulePeriodic(
    new PaymentReconcileTask({ repos, logger, paypal: createPayPalClient(config.paypal) }),
    config.jobs.paymentReconcileMs,
    { now: Date.now },
    logger,
    (counts) => {
      if (counts.granted + counts.rejected + counts.refunded > 0)
        logger.info('payment orders reconciled', { ...counts });
    },
  );
  const reminders = schedulePeriodic(
    new ProReminderTask({ repos, mailer, publicUrl: config.publicUrl }),
    PRO_REMINDER_INTERVAL_MS,
    { now: Date.now },
    logger,
    (sent) => {
      if (sent > 0) logger.info('Pro reminders sent', { sent });
    },
  );
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  siteUrl ||= `http://${host}:${port}`;
  schedules.start(inProcessScheduler({ now: Date.now }, logger), (pass) => {
    if (pass.started + pass.finished + pass.deferred > 0)
      logger.info('scheduled crawls', { ...pass });
  });
  return {
    url: `http://${host}:${port}`,
    context,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await schedules.stop();
      await jobs.stop();
      await payments.stop();
      await reminders.stop();
      await db.close();
    },
  };
}
