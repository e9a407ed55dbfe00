// The API process of `npm run bench:scale` until the server's own roles land (`mapsmith serve`
// with MAPSMITH_ROLE=api): the real app, routes and repositories on the bench's Postgres
// (DATABASE_URL), HTTP only: no crawl workers and no timed work are started, as in an API node.
// Prints `running at <url>` once it listens; stops on SIGTERM.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createUrlPolicy, systemClock } from '@mapsmith/core';
import { PgDatabase } from '@mapsmith/postgres';
import { createApp } from '../../packages/server/src/app.js';
import { loadConfig } from '../../packages/server/src/config.js';
import type { AppContext } from '../../packages/server/src/context.js';
import type { Database } from '../../packages/server/src/db/database.js';
import { createExportCache } from '../../packages/server/src/exports/index.js';
import { createCrawlRunner } from '../../packages/server/src/jobs/crawl-runner.js';
import { createJobSystem } from '../../packages/server/src/jobs/index.js';
import { createLogger } from '../../packages/server/src/logger.js';
import { createMailer } from '../../packages/server/src/mail/mailer.js';
import { createSqlRepositories } from '../../packages/server/src/repos/sql/index.js';
import { apiBeforeBody, apiRouters } from '../../packages/server/src/routes/index.js';
import { createScheduleService } from '../../packages/server/src/schedules/index.js';
import { createDiskSpace } from '../../packages/server/src/storage/disk-space.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-scale-api-'));
const { DATABASE_URL: _url, ...env } = process.env;
const config = loadConfig({
  ...env,
  PORT: '0',
  HOST: '127.0.0.1',
  MAPSMITH_DATA_DIR: dataDir,
  MAPSMITH_ALLOW_LOOPBACK: '1',
  MAPSMITH_RENDER: 'never',
});
const logger = createLogger({ quiet: true });
const pg = new PgDatabase({ connectionString: databaseUrl, max: 8, applicationName: 'bench-api' });
// The account modules are still typed with the SQLite class; their SQL is the common subset.
const db = pg as unknown as Database;
const repos = createSqlRepositories(pg, systemClock);
const disk = createDiskSpace(dataDir, config.minFreeBytes);
const exports = createExportCache(config, repos.jobs, disk);
const policy = createUrlPolicy({ allowLoopback: config.allowLoopback });
// Built for the routes (they wake the pool after a start) but never started here.
const jobs = createJobSystem(config, repos, createCrawlRunner(config, policy, logger), logger, {
  policy,
});
const mailer = createMailer({
  smtpUrl: null,
  from: config.mailFrom,
  outboxDir: path.join(dataDir, 'outbox'),
  logger,
});
const schedules = createScheduleService({
  config,
  db,
  repos,
  mailer,
  logger,
  policy,
  wake: () => jobs.pool.wake(),
  siteUrl: () => 'http://127.0.0.1',
});
const context: AppContext = { config, db, logger, policy, repos, jobs, exports, disk, schedules };
const app = createApp({
  config,
  db,
  logger,
  routers: apiRouters(context),
  beforeBody: apiBeforeBody(context),
});
const server = app.listen(0, '127.0.0.1');
server.once('listening', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`running at http://127.0.0.1:${port}\n`);
});
process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void pg.close().finally(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
