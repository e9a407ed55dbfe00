import { testPostgresUrl } from '@mapsmith/app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../tests/fixtures/site/index.js';
import { createTestUser } from '../repos/test-support.js';
import { expectEveryPageOnce, waitEveryCrawlCompleted } from './cluster-checks.js';
import {
  type ClusterNode,
  startCrawl,
  startTestCluster,
  type TestCluster,
  waitFor,
} from './cluster-test-support.js';

const PAGES = 150;

// Process-level: 2 API and 3 worker processes of the built server on one Postgres (issue 16).
describe.skipIf(!testPostgresUrl())('a cluster of 2 API and 3 worker processes', () => {
  let cluster: TestCluster;
  const sites: FixtureSite[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 4; i++) sites.push(await startFixtureSite({ pages: PAGES }));
    // A short lease, so the dead worker's crawl is taken over within seconds.
    cluster = await startTestCluster({
      MAPSMITH_JOB_LEASE_MS: '2000',
      MAPSMITH_CRAWL_WORKERS: '2',
      MAPSMITH_CRAWLS_PER_USER: '8',
      MAPSMITH_CRAWL_CONCURRENCY: '2',
    });
  });

  afterAll(async () => {
    await cluster?.close();
    for (const site of sites) await site.close();
  });

  it('completes every crawl when a worker is killed mid-crawl: pages stored = crawled = charged, none twice', async () => {
    const apis = await Promise.all([cluster.start('api'), cluster.start('api')]);
    const workers = await Promise.all([0, 1, 2].map(() => cluster.start('worker')));
    const user = await createTestUser(cluster.db, { pro: true });
    const jobs: string[] = [];
    for (const [i, site] of sites.entries()) {
      const started = await startCrawl(apis[i % 2] as ClusterNode, user, site.url);
      expect(started.status).toBe(201);
      jobs.push(started.body.jobId ?? '');
    }
    // The health of an API process counts the three workers (they hold connections).
    await waitFor('3 live workers', async () => {
      const body = await (await fetch(`${apis[0]?.url}/api/health`)).json();
      return body.workers?.live === 3 ? true : undefined;
    });

    // A worker in the middle of a crawl: it has stored some pages and has more to go.
    let victimJob = '';
    const victim = await waitFor('a crawl midway', async () => {
      const row = await cluster.db.first<{ id: string; owner: string }>(
        `SELECT id, lease_owner AS owner FROM crawl_jobs
          WHERE status = 'crawling' AND pages_crawled BETWEEN 20 AND ? ORDER BY pages_crawled LIMIT 1`,
        [PAGES - 40],
      );
      const pid = Number(/^worker-(\d+)-/.exec(row?.owner ?? '')?.[1]);
      victimJob = row?.id ?? '';
      return workers.find((w) => w.child.pid === pid);
    });
    victim.child.kill('SIGKILL');
    expect(await victim.exited).toBeNull();

    await waitEveryCrawlCompleted(cluster.db, user.id, jobs.length);
    await expectEveryPageOnce(cluster.db, user.id, jobs);
    // The killed worker's crawl was taken over by another worker under a new claim.
    const taken = await cluster.db.first<{ attempts: number }>(
      'SELECT attempts FROM crawl_jobs WHERE id = ?',
      [victimJob],
    );
    expect(taken?.attempts).toBeGreaterThanOrEqual(2);
    const body = await (await fetch(`${apis[1]?.url}/api/health`)).json();
    expect(body.workers).toEqual({ live: 2 });
    expect(body.queue).toEqual({ waiting: 0, running: 0 });
  }, 90_000);
});
