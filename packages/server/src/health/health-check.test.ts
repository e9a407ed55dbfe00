import { openTestDatabase, type TestDatabase, testDatabaseKinds } from '@mapsmith/app/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkHealth } from './health-check.js';
import { singleProcessRegistry } from './worker-registry.js';

describe.each(testDatabaseKinds)('the health check on %s', (kind) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await openTestDatabase(kind);
  });
  afterEach(async () => {
    await t.close();
  });

  async function addJob(id: string, status: string): Promise<void> {
    await t.db.run(
      `INSERT INTO users (username, email, password_hash) VALUES ('health', 'health@example.test', 'x')
       ON CONFLICT (username) DO NOTHING`,
    );
    const user = await t.db.first<{ id: number }>("SELECT id FROM users WHERE username = 'health'");
    await t.db.run(
      `INSERT INTO crawl_jobs (id, user_id, url, status, page_cap, created_at, created_ms)
       VALUES (?, ?, 'https://example.com/', ?, 10, '2026-01-01T00:00:00Z', 1)`,
      [id, user?.id ?? 0, status],
    );
  }

  it('reports the database kind, the jobs waiting and running, and the workers', async () => {
    await addJob('w1', 'pending');
    await addJob('w2', 'pending');
    await addJob('r1', 'crawling');
    await addJob('d1', 'completed');
    const report = await checkHealth({
      db: t.db,
      role: 'all',
      workers: singleProcessRegistry('all'),
    });
    expect(report).toMatchObject({
      status: 'ok',
      role: 'all',
      database: { kind, reachable: true },
      queue: { waiting: 2, running: 1 },
      workers: { live: 1 },
    });
    expect(report.database.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('says degraded, with no figures, when the database does not answer', async () => {
    const db = t.db;
    await t.close();
    t = { ...t, close: async () => undefined };
    const report = await checkHealth({ db, role: 'api', workers: singleProcessRegistry('api') });
    expect(report).toMatchObject({
      status: 'degraded',
      database: { kind, reachable: false, latencyMs: null },
      queue: null,
      workers: null,
    });
  });
});
