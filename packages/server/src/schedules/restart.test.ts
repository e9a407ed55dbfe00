// Issue 13 point 1: a schedule that fell due several times while the server was down runs once
// when the server is back (the first pass runs at start), then waits for its next slot.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, listenLocal } from '../../../../tests/servers/http-util.js';
import { loadConfig } from '../config.js';
import { Database } from '../db/database.js';
import { createLogger } from '../logger.js';
import { call, createTestUser } from '../repos/test-support.js';
import { databaseFile, type RunningServer, startServer } from '../server.js';

let dataDir: string;
let site: LocalServer;
const DAY = 86_400_000;

const start = (): Promise<RunningServer> =>
  startServer(
    loadConfig({
      PORT: '0',
      MAPSMITH_DATA_DIR: dataDir,
      MAPSMITH_WEB_DIR: path.join(dataDir, 'web'),
      MAPSMITH_ALLOW_LOOPBACK: '1',
      MAPSMITH_RENDER: 'never',
    }),
    createLogger({ quiet: true }),
  );

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-restart-'));
  site = await listenLocal((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>Home</title><main>Hello</main>');
  });
});

afterAll(async () => {
  await site.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('scheduled crawls across a restart', () => {
  it('runs a schedule missed while the server was down once when it comes back', async () => {
    let server = await start();
    const user = await createTestUser(server.context.db, { pro: true });
    const res = await call(server.url, user, 'POST', '/api/schedules', {
      url: `${site.url}/`,
      frequency: 'daily',
      time: '03:00',
      timeZone: 'UTC',
      after: { publish: false, mail: false, indexNow: false },
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await server.close();

    // Down for three days: three slots were missed.
    const db = await Database.open(databaseFile(dataDir));
    await db.run('UPDATE crawl_schedules SET next_run_ms = ? WHERE id = ?', [
      Date.now() - 3 * DAY,
      id,
    ]);
    await db.close();

    server = await start();
    try {
      // The pass at start has run by now (a second pass waits for it).
      await server.context.schedules.runNow();
      const jobs = await server.context.repos.jobs.list(user.id, 10);
      expect(jobs).toHaveLength(1);
      const row = await server.context.db.first<{ next_run_ms: number }>(
        'SELECT next_run_ms FROM crawl_schedules WHERE id = ?',
        [id],
      );
      expect(row?.next_run_ms).toBeGreaterThan(Date.now());
      expect(row?.next_run_ms).toBeLessThanOrEqual(Date.now() + DAY);
    } finally {
      await server.close();
    }
  });
});
