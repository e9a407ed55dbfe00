import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Database } from '../database.js';
import { migrate, migrations } from './index.js';

let dir: string;
let db: Database;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-db-'));
  db = await Database.open(path.join(dir, 'test.sqlite'));
});

afterEach(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('applies the server migrations once, ids ascending', async () => {
  const ids = migrations.map((m) => m.id);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  expect(await migrate(db)).toEqual(ids);
  expect(await migrate(db)).toEqual([]);
  const tables = await db.all<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
  );
  expect(tables.map((t) => t.name)).toEqual(
    expect.arrayContaining(['users', 'sessions', 'crawl_jobs', 'schema_migrations']),
  );
});
