import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSqlRepositories } from '@mapsmith/app';
import { makePage } from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { Database } from '../db/database.js';
import { migrate } from '../db/migrations/index.js';
import { createLogger } from '../logger.js';
import { createTestUser, seedCompletedJob } from '../repos/test-support.js';
import { databaseFile, startServer } from '../server.js';
import { RetentionTask } from './retention-task.js';

let dir: string;
let db: Database;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-retention-'));
  db = await Database.open(path.join(dir, 'db.sqlite'));
  await migrate(db);
});

afterEach(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const DAY = 86_400_000;

describe('RetentionTask', () => {
  it('deletes crawl jobs older than 90 days with their pages, and day-old rate events', async () => {
    const user = await createTestUser(db);
    const now = Date.now();
    const old = await seedCompletedJob(
      db,
      user.id,
      [makePage('https://a.example/')],
      now - 91 * DAY,
    );
    const recent = await seedCompletedJob(
      db,
      user.id,
      [makePage('https://b.example/')],
      now - 89 * DAY,
    );
    const repos = createSqlRepositories(db);
    await db.run('INSERT INTO rate_events (bucket, at_ms) VALUES (?, ?), (?, ?)', [
      'fetch-sitemap:1.2.3.4',
      now - 2 * DAY,
      'fetch-sitemap:1.2.3.4',
      now - 1000,
    ]);
    expect(await new RetentionTask(repos.jobs, repos.rates).perform(now)).toBe(1);
    const events = await db.all<{ at_ms: number }>('SELECT at_ms FROM rate_events');
    expect(events).toEqual([{ at_ms: now - 1000 }]);
    expect(await repos.jobs.get(old, user.id)).toBeUndefined();
    expect(await repos.jobs.get(recent, user.id)).toBeDefined();
    const pages = await db.all<{ job_id: string }>('SELECT job_id FROM crawl_pages');
    expect(pages.map((p) => p.job_id)).toEqual([recent]);
  });

  it('runs when the server starts', async () => {
    const dataDir = path.join(dir, 'data');
    const seed = await Database.open(databaseFile(dataDir));
    await migrate(seed);
    const user = await createTestUser(seed);
    const old = await seedCompletedJob(
      seed,
      user.id,
      [makePage('https://a.example/')],
      Date.now() - 100 * DAY,
    );
    // A sitemap audit as old goes in the same pass; a fresh one stays.
    for (const [id, ms] of [
      ['old-audit', Date.now() - 100 * DAY],
      ['new-audit', Date.now()],
    ] as const)
      await seed.run(
        `INSERT INTO audit_jobs (id, user_id, source, status, created_at, created_ms)
         VALUES (?, ?, 'x.xml', 'completed', ?, ?)`,
        [id, user.id, new Date(ms).toISOString(), ms],
      );
    await seed.close();
    const server = await startServer(
      loadConfig({ PORT: '0', MAPSMITH_DATA_DIR: dataDir, MAPSMITH_RENDER: 'never' }),
      createLogger({ quiet: true }),
    );
    try {
      let left: unknown = 'present';
      for (let i = 0; i < 50 && left !== undefined; i++) {
        await new Promise((r) => setTimeout(r, 20));
        left = await server.context.db.first('SELECT id FROM crawl_jobs WHERE id = ?', [old]);
      }
      expect(left).toBeUndefined();
      let audits: unknown[] = [];
      for (let i = 0; i < 50; i++) {
        audits = await server.context.db.all<{ id: string }>('SELECT id FROM audit_jobs');
        if (audits.length === 1) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(audits).toEqual([{ id: 'new-audit' }]);
    } finally {
      await server.close();
    }
  });
});
