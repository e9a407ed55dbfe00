import {
  type AuditJobRecord,
  type AuditRunSummary,
  SqlAuditQueue,
  SqlAuditRepository,
} from '@mapsmith/app';
import {
  openTwoHandles,
  seedUser,
  type TwoHandles,
  testDatabaseKinds,
} from '@mapsmith/app/testing';
import { createUrlPolicy, silentLogger, systemClock } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../tests/fixtures/site/index.js';
import { AuditTask } from './audit-task.js';
import { WorkerPool } from './worker-pool.js';

const AUDITS = 4;
const URLS = 30;
let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite({ pages: URLS + 1, latencyMs: 5 });
});
afterAll(() => site.close());

/** An uploaded sitemap listing the fixture site's pages `/p/1` ... `/p/<URLS>`. */
function sitemapText(): string {
  const locs = Array.from(
    { length: URLS },
    (_, i) => `<url><loc>${site.url}/p/${i + 1}</loc></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.join('')}</urlset>`;
}

/** One node's audit workers: its own database handle, queue, repository and pool. */
function node(db: TwoHandles['first']): WorkerPool<AuditJobRecord, AuditRunSummary> {
  const audits = new SqlAuditRepository(db, systemClock);
  const task = new AuditTask(audits, createUrlPolicy({ allowLoopback: true }), silentLogger, {
    perHostConcurrency: 2,
  });
  return new WorkerPool(
    new SqlAuditQueue(db, systemClock),
    task,
    { concurrency: 2, leaseMs: 30_000, heartbeatMs: 1000, pollMs: 50 },
    silentLogger,
    'audit',
  );
}

describe.each(testDatabaseKinds)('audit workers of two nodes on one %s database', (kind) => {
  it('run every audit once and check and charge every URL exactly once', async () => {
    const two = await openTwoHandles(kind);
    const pools = [node(two.first), node(two.second)];
    try {
      const owner = await seedUser(two.first);
      const repo = new SqlAuditRepository(two.first, systemClock);
      const ids: string[] = [];
      for (let i = 0; i < AUDITS; i++)
        ids.push(
          await repo.start({
            userId: owner,
            source: `upload-${i}.xml`,
            sourceUrl: null,
            content: sitemapText(),
            monthQuota: null,
          }),
        );
      await Promise.all(pools.map((p) => p.start(false)));
      const end = Date.now() + 60_000;
      let jobs: Array<{ status: string; checked: number; total: number; attempts: number }> = [];
      while (Date.now() < end) {
        jobs = await two.second.all('SELECT status, checked, total, attempts FROM audit_jobs');
        if (jobs.every((j) => j.status === 'completed' || j.status === 'failed')) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(jobs).toEqual(
        ids.map(() => ({ status: 'completed', checked: URLS, total: URLS, attempts: 1 })),
      );
      const done = await two.second.first<{ n: number }>(
        "SELECT COUNT(*) AS n FROM audit_urls WHERE state = 'done' AND verdict IS NOT NULL",
      );
      expect(done?.n).toBe(AUDITS * URLS);
      const charged = await two.second.first<{ pages: number }>(
        'SELECT pages FROM usage_months WHERE user_id = ?',
        [owner],
      );
      expect(charged?.pages).toBe(AUDITS * URLS);
    } finally {
      await Promise.all(pools.map((p) => p.stop()));
      await two.close();
    }
  });
});
