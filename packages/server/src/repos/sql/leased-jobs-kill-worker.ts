import {
  SqlAuditQueue,
  SqlJobQueue,
  type SqlLeasedJobs,
  SqlSitemapCompareQueue,
} from '@mapsmith/app';
import { type SqlDatabase, systemClock } from '@mapsmith/core';
import { createPgBossEngine, PgDatabase } from '@mapsmith/postgres';
import { EngineLeasedJobs } from '../../jobs/engine-job-queue.js';
import { createLogger } from '../../logger.js';

/**
 * A worker process of the leased-jobs contract's kill test (not used by the app), run with
 * tsx: `<database url> <table>:<engine queue> ...`. Through the engine adapter on pg-boss it
 * claims the job waiting in each table, writes one line `{"table","id","claimToken"}` per claim
 * and then `holding`, and keeps every claim with a heartbeat each second until it is killed.
 */

/** The lease it claims with: pg-boss's least heartbeat time. */
export const KILL_LEASE_MS = 10_000;

/** The SQL adapter of each kind the kill test covers, by its table. */
const ROWS: Record<string, (db: SqlDatabase) => SqlLeasedJobs<never, { id: string }, unknown>> = {
  crawl_jobs: (db) => new SqlJobQueue(db, systemClock) as never,
  audit_jobs: (db) => new SqlAuditQueue(db, systemClock) as never,
  sitemap_compare_jobs: (db) => new SqlSitemapCompareQueue(db, systemClock) as never,
};

async function main(url: string, wanted: string[]): Promise<void> {
  const logger = createLogger({ quiet: true });
  const db = new PgDatabase({ connectionString: url, max: 2 });
  const engine = createPgBossEngine({
    connectionString: url,
    maxConnections: 2,
    onError: (error) => logger.error('queue engine error', { error: error.message }),
  });
  await engine.start();
  const held: Array<() => Promise<boolean>> = [];
  for (const pair of wanted) {
    const [table = '', queue = ''] = pair.split(':');
    const rows = ROWS[table];
    if (!rows) throw new Error(`no leased kind has the table ${table}`);
    const jobs = new EngineLeasedJobs(engine, rows(db), queue, systemClock, logger, {
      dispatchEveryMs: 0,
    });
    const claimed = await jobs.claim('doomed-worker', KILL_LEASE_MS, 3);
    if (!claimed) throw new Error(`nothing to claim in ${table}`);
    const { id } = claimed.job;
    process.stdout.write(`${JSON.stringify({ table, id, claimToken: claimed.claimToken })}\n`);
    held.push(() => jobs.heartbeat(id, claimed.claimToken, KILL_LEASE_MS));
  }
  setInterval(() => {
    for (const beat of held) beat().catch(() => undefined);
  }, 1000);
  process.stdout.write('holding\n');
}

if (process.argv[1]?.endsWith('leased-jobs-kill-worker.ts')) {
  const [url = '', ...wanted] = process.argv.slice(2);
  main(url, wanted).catch((err: unknown) => {
    process.stderr.write(`${String(err)}\n`);
    process.exit(1);
  });
}
