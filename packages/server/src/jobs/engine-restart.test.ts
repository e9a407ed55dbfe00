import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { systemClock } from '@mapsmith/core';
import { startThrowawayCluster, type ThrowawayCluster } from '@mapsmith/postgres';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type FixtureSiteProcess,
  startFixtureSiteProcess,
} from '../../../../tests/fixtures/site/process.js';
import { createSqlRepositories } from '../repos/sql/index.js';
import { testPostgresUrl } from '../repos/test-postgres.js';
import {
  insertUser,
  openScaledTestDatabase,
  type ScaledTestDatabase,
} from './scaled-test-support.js';

/**
 * A worker process on the engine crawl queue rides out a Postgres restart mid-crawl (its own
 * throwaway cluster, so the suite's shared one is not cut): the engine and the pools reconnect,
 * the crawl completes, every stored page charged once.
 */
const serverUrl = testPostgresUrl();
const root = path.resolve(import.meta.dirname, '../../../..');
const WORKER = path.join(root, 'scripts/bench/scale-worker.ts');

let cluster: ThrowawayCluster;
let t: ScaledTestDatabase;
let site: FixtureSiteProcess;
const children: ChildProcess[] = [];

function startWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions', 'source', '--import', 'tsx', WORKER], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: t.url,
      MAPSMITH_JOB_LEASE_MS: '10000',
      MAPSMITH_CRAWL_WORKERS: '1',
      MAPSMITH_CRAWL_CONCURRENCY: '1',
    },
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', () =>
      resolve(child),
    );
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
}

async function waitFor<T>(read: () => Promise<T | undefined>, ms: number): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.skipIf(!serverUrl)('a Postgres restart mid-crawl (engine queue)', () => {
  beforeEach(async () => {
    cluster = await startThrowawayCluster();
    t = await openScaledTestDatabase(cluster.url);
    site = await startFixtureSiteProcess({ pages: 120, latencyMs: 50 });
  });

  afterEach(async () => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    await site.close();
    await t.close();
    await cluster.destroy();
  });

  it('is ridden out by the worker: the crawl completes once', async () => {
    const repos = createSqlRepositories(t.db, systemClock);
    const user = await insertUser(t.db, true);
    await startWorker();
    const started = await repos.jobs.start({
      userId: user,
      plan: 'pro',
      url: site.url,
      engineeringCap: 1000,
    });
    if (!started.ok) throw new Error('refused');
    const id = started.job.id;
    await waitFor(async () => {
      const row = await t.db.first<{ pages_crawled: number }>(
        'SELECT pages_crawled FROM crawl_jobs WHERE id = ?',
        [id],
      );
      return row && row.pages_crawled >= 15 ? true : undefined;
    }, 30_000);
    await cluster.restart();
    const done = await waitFor(async () => {
      const row = await t.db
        .first<{ status: string; pages_crawled: number }>(
          'SELECT status, pages_crawled FROM crawl_jobs WHERE id = ?',
          [id],
        )
        .catch(() => undefined);
      return row?.status === 'completed' || row?.status === 'failed' ? row : undefined;
    }, 90_000);
    expect(done.status).toBe('completed');
    const stored = await t.db.first<{ n: number; keys: number }>(
      'SELECT COUNT(*) AS n, COUNT(DISTINCT key) AS keys FROM crawl_pages WHERE job_id = ?',
      [id],
    );
    const charged = await t.db.first<{ pages: number }>(
      'SELECT SUM(pages) AS pages FROM usage_months WHERE user_id = ?',
      [user],
    );
    expect(Number(stored?.n)).toBe(Number(stored?.keys));
    expect(Number(stored?.n)).toBe(done.pages_crawled);
    expect(Number(charged?.pages)).toBe(done.pages_crawled);
    expect(done.pages_crawled).toBeGreaterThanOrEqual(120);
  }, 150_000);
});
