import fs from 'node:fs';
import path from 'node:path';
import { testPostgresUrl } from '@mapsmith/app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../tests/fixtures/site/index.js';
import { createTestUser } from '../repos/test-support.js';
import {
  type ClusterNode,
  startCrawl,
  startTestCluster,
  type TestCluster,
  waitFor,
} from './cluster-test-support.js';

/** The folder of a job's built exports in a node's data folder. */
function exportDir(node: ClusterNode, userId: number, jobId: string): string {
  return path.join(node.dataDir, 'exports', String(userId), jobId);
}

// Process-level: built exports are a per-node cache that follows deletions (issue 16).
describe.skipIf(!testPostgresUrl())('built exports on two API processes', () => {
  let cluster: TestCluster;
  let site: FixtureSite;

  beforeAll(async () => {
    site = await startFixtureSite({ pages: 10 });
    cluster = await startTestCluster({ MAPSMITH_EXPORT_SWEEP_MS: '200' });
  });

  afterAll(async () => {
    await cluster?.close();
    await site?.close();
  });

  it('are built on each node on demand and removed from every node when the job and account go', async () => {
    const apis = await Promise.all([cluster.start('api'), cluster.start('api')]);
    await cluster.start('worker');
    const user = await createTestUser(cluster.db);
    const started = await startCrawl(apis[0] as ClusterNode, user, site.url);
    const jobId = started.body.jobId ?? '';
    await waitFor('the crawl completed', async () => {
      const row = await cluster.db.first<{ status: string }>(
        'SELECT status FROM crawl_jobs WHERE id = ?',
        [jobId],
      );
      return row?.status === 'completed' ? true : undefined;
    });
    for (const node of apis) {
      const res = await fetch(`${node.url}/api/generate/${jobId}/xml`, {
        headers: { Cookie: user.cookie },
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(`<loc>${site.url}`);
      expect(fs.existsSync(exportDir(node, user.id, jobId))).toBe(true);
    }
    // The account goes through the database (as another node's DELETE /api/user does):
    // every node's copy follows at its next sweep.
    await cluster.db.run('DELETE FROM users WHERE id = ?', [user.id]);
    for (const node of apis) {
      await waitFor('the export removed', async () =>
        fs.existsSync(exportDir(node, user.id, jobId)) ? undefined : true,
      );
    }
  }, 60_000);
});
