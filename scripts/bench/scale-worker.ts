// A bare crawl-worker process on the engine crawl queue (the scaled job system over Postgres,
// the real crawl runner, no HTTP, none of `mapsmith worker`'s start-up checks), for the
// process-level tests of the queue (jobs/engine-kill and engine-restart). Started with
// DATABASE_URL and MAPSMITH_* settings; prints `ready` when it takes jobs; stops on SIGTERM.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createUrlPolicy, systemClock } from '@mapsmith/core';
import { PgDatabase } from '@mapsmith/postgres';
import { loadConfig } from '../../packages/server/src/config.js';
import { createCrawlRunner } from '../../packages/server/src/jobs/crawl-runner.js';
import { createJobSystem } from '../../packages/server/src/jobs/index.js';
import { createScaledJobs } from '../../packages/server/src/jobs/scaled.js';
import { createLogger } from '../../packages/server/src/logger.js';
import { createSqlRepositories } from '../../packages/server/src/repos/sql/index.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-scale-worker-'));
// The config without DATABASE_URL: this entry wires the scaled parts itself.
const { DATABASE_URL: _url, ...env } = process.env;
const config = loadConfig({
  ...env,
  PORT: '0',
  MAPSMITH_DATA_DIR: dataDir,
  MAPSMITH_ALLOW_LOOPBACK: '1',
  MAPSMITH_RENDER: 'never',
});
const logger = createLogger({ quiet: true });
const db = new PgDatabase({
  connectionString: databaseUrl,
  max: 4,
  applicationName: 'bench-worker',
});
const repos = createSqlRepositories(db, systemClock);
const scaled = createScaledJobs({
  databaseUrl,
  db,
  rows: repos.queue,
  jobs: config.jobs,
  logger,
  clock: systemClock,
});
await scaled.start();
// This process's one SSRF guard (loopback allowed: the bench's site is local).
const policy = createUrlPolicy({ allowLoopback: config.allowLoopback });
const jobs = createJobSystem(config, repos, createCrawlRunner(config, policy, logger), logger, {
  policy,
  queue: scaled.queue,
  scheduler: scaled.scheduler,
  recoverLocal: false,
});
await jobs.start();
process.stdout.write('ready\n');

process.once('SIGTERM', () => {
  void (async () => {
    // A failed stop (a repository that cannot release on Postgres yet) must not hang the bench.
    await jobs.stop().catch((err) => process.stderr.write(`worker stop: ${String(err)}\n`));
    await scaled.stop();
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});
