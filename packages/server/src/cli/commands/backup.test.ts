import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makePage } from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database } from '../../db/database.js';
import { migrate } from '../../db/migrations/index.js';
import { createTestUser, seedCompletedJob } from '../../repos/test-support.js';
import { databaseFile } from '../../server.js';
import { runBackup } from './backup.js';

let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-backup-'));
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('mapsmith backup', () => {
  it('writes a consistent copy of the database, while it is open, via VACUUM INTO', async () => {
    const live = await Database.open(databaseFile(dir));
    await migrate(live);
    const user = await createTestUser(live);
    const jobId = await seedCompletedJob(live, user.id, [makePage('https://a.example/')]);
    const out = path.join(dir, 'copies', 'backup.sqlite');
    expect(await runBackup([out, '--data-dir', dir])).toBe(0);
    await live.close();
    const copy = await Database.open(out);
    const row = await copy.first<{ n: number }>(
      'SELECT COUNT(*) AS n FROM crawl_pages WHERE job_id = ?',
      [jobId],
    );
    const integrity = await copy.first<{ integrity_check: string }>('PRAGMA integrity_check');
    await copy.close();
    expect(row?.n).toBe(1);
    expect(integrity?.integrity_check).toBe('ok');
  });

  it('refuses a missing FILE, an existing FILE and a missing database', async () => {
    expect(await runBackup(['--data-dir', dir])).toBe(1);
    expect(
      await runBackup([path.join(dir, 'x.sqlite'), '--data-dir', path.join(dir, 'none')]),
    ).toBe(1);
    const live = await Database.open(databaseFile(dir));
    await live.close();
    const existing = path.join(dir, 'exists.sqlite');
    fs.writeFileSync(existing, 'keep me');
    expect(await runBackup([existing, '--data-dir', dir])).toBe(1);
    expect(fs.readFileSync(existing, 'utf8')).toBe('keep me');
  });

  it('refuses on Postgres and points to pg_dump, writing nothing', async () => {
    const live = await Database.open(databaseFile(dir));
    await live.close();
    const out = path.join(dir, 'copy.sqlite');
    const before = process.env.DATABASE_URL;
    process.env.DATABASE_URL = 'postgres://app:pw@127.0.0.1:1/x';
    try {
      expect(await runBackup([out, '--data-dir', dir])).toBe(1);
    } finally {
      if (before === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = before;
    }
    expect(fs.existsSync(out)).toBe(false);
  });
});
