import { testPostgresUrl } from '@mapsmith/app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../tests/fixtures/site/index.js';
import { createTestUser } from '../repos/test-support.js';
import { expectEveryPageOnce, waitEveryCrawlCompleted } from './cluster-checks.js';
import { startCrawl, startTestCluster, type TestCluster, waitFor } from './cluster-test-support.js';

const PAGES = 150;

// Process-level: the workers of the built server ride out a Postgres restart (issue 16).
describe.skipIf(!testPostgresUrl())('a Postgres restart mid-crawl', () => {
  let cluster: TestCluster;
  const sites: FixtureSite[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 3; i++) sites.push(await startFixtureSite({ pages: PAGES }));
    cluster = await startTestCluster({
      MAPSMITH_JOB_LEASE_MS: '3000',
      MAPSMITH_CRAWL_WORKERS: '2',
      MAPSMITH_CRAWLS_PER_USER: '4',
      MAPSMITH_CRAWL_CONCURRENCY: '2',
    });
  });

  afterAll(async () => {
    await cluster?.close();
    for (const site of sites) await site.close();
  });

  it('is ridden out: the processes stay up and every crawl completes, each page stored and charged once', async () => {
    const api = await cluster.start('api');
    const workers = await Promise.all([cluster.start('worker'), cluster.start('worker')]);
    const user = await createTestUser(cluster.db, { pro: true });
    const jobs: string[] = [];
    for (const site of sites) {
      const started = await startCrawl(api, user, site.url);
      expect(started.status).toBe(201);
      jobs.push(started.body.jobId ?? '');
    }
    await waitFor('a crawl midway', async () => {
      const row = await cluster.db.first<{ n: number }>(
        `SELECT COUNT(*) AS n FROM crawl_jobs
          WHERE status = 'crawling' AND pages_crawled BETWEEN 10 AND ?`,
        [PAGES - 40],
      );
      return (row?.n ?? 0) > 0 ? true : undefined;
    });
    await cluster.postgres.restart();

    // While it was down the health route said so; now it answers again.
    await waitFor('the API healthy again', async () =>
      (await fetch(`${api.url}/api/health`)).status === 200 ? true : undefined,
    );
    await waitEveryCrawlCompleted(cluster.db, user.id, jobs.length, () =>
      workers.map((w) => w.output()).join('\n'),
    );
    for (const node of [api, ...workers]) {
      expect(node.child.exitCode, node.output()).toBeNull();
      expect(node.child.signalCode).toBeNull();
    }
    await expectEveryPageOnce(cluster.db, user.id, jobs);
  }, 90_000);
});
