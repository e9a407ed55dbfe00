import { type CrawlRunner, CrawlTask, createSqlRepositories } from '@mapsmith/app';
import { finishedSummary, startJob } from '@mapsmith/app/testing';
import { silentLogger } from '@mapsmith/core';
import {
  migratePostgres,
  PgDatabase,
  startThrowawayCluster,
  whyNoThrowawayCluster,
} from '@mapsmith/postgres';
import { describe, expect, it } from 'vitest';
import { postgresMigrations } from '../db/migrations-pg/index.js';
import { createTestUser } from '../repos/test-support.js';
import { DISK_FULL_CRAWL_STOP } from '../storage/disk-space.js';
import { WorkerPool } from './worker-pool.js';

/**
 * The pool on a Postgres of its own that goes away under a crawl (a restart): the store's
 * typed connection error, carried as the cause of the crawl's failure, makes the run an
 * interruption (nothing written, claimed again), whatever the crawler's words say.
 */
describe.skipIf(whyNoThrowawayCluster() !== undefined)('WorkerPool on a Postgres restart', () => {
  it('does not fail a crawl whose store lost the database mid-run: it is claimed again and completes', async () => {
    const cluster = await startThrowawayCluster();
    const db = new PgDatabase({ connectionString: cluster.url, max: 4 });
    let pool: WorkerPool | undefined;
    try {
      await migratePostgres(db, postgresMigrations);
      const repos = createSqlRepositories(db);
      const user = await createTestUser(db);
      const { id } = await startJob(repos, user.id);
      let runs = 0;
      const run: CrawlRunner = async (_job, ctx) => {
        runs += 1;
        if (runs > 1) return finishedSummary;
        await cluster.stopServer();
        try {
          await ctx.store.take(1);
        } catch (err) {
          // Back before the crawler's words are read: a restart, not an outage.
          await cluster.startServer();
          // As the crawler does (`crawl-run`'s `fail`): the store's failure becomes words.
          const error = `storage failed: ${(err as Error).message}`;
          return { ...finishedSummary, endedBy: 'error', error };
        }
        throw new Error('the store read with its database stopped');
      };
      const leaseMs = 1000;
      pool = new WorkerPool(
        repos.queue,
        new CrawlTask(repos.jobs, run, DISK_FULL_CRAWL_STOP),
        { concurrency: 1, leaseMs, heartbeatMs: leaseMs / 4, pollMs: 50 },
        silentLogger,
      );
      await pool.start(true);
      const end = Date.now() + 30_000;
      let job = await repos.jobs.get(id, user.id);
      while (job?.status !== 'completed' && job?.status !== 'failed' && Date.now() < end) {
        await new Promise((r) => setTimeout(r, 100));
        job = await repos.jobs.get(id, user.id).catch(() => job);
      }
      expect(job).toMatchObject({ status: 'completed', attempts: 2, error: null });
      expect(runs).toBe(2);
    } finally {
      await pool?.stop();
      await db.close();
      await cluster.destroy();
    }
  }, 90_000);
});
