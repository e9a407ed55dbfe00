/**
 * Test support for the worker-pool tests: a migrated SQLite file in a fresh temporary folder,
 * with the repositories over it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '@mapsmith/app';
import { Database } from '../db/database.js';
import type { Repositories } from '../repos/ports.js';
import { createSqlRepositories } from '../repos/sql/index.js';

/** An open test database; `remove` closes it and deletes its folder. */
export interface TestDatabase {
  file: string;
  db: Database;
  repos: Repositories;
  remove(): Promise<void>;
}

/** Opens and migrates `db.sqlite` in a new temporary folder named from `prefix`. */
export async function openTestDatabase(prefix: string): Promise<TestDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const file = path.join(dir, 'db.sqlite');
  const db = await Database.open(file);
  await migrate(db);
  return {
    file,
    db,
    repos: createSqlRepositories(db),
    remove: async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
