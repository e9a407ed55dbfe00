import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SqlDatabase } from '@mapsmith/core';
import { Database } from '@mapsmith/sqlite';
import { migrate } from '../schema/index.js';
import { openPostgresTestDatabase, testPostgresUrl } from './test-postgres.js';

/**
 * Test support for the repository contract suites (not used by either shell at run time): a fresh, migrated
 * database of each kind the server runs on. A suite runs once per kind with
 * `describe.each(testDatabaseKinds)`, so SQLite and Postgres answer the same assertions.
 */

/** The database kinds a contract suite runs on. */
export type TestDatabaseKind = 'sqlite' | 'postgres';

/**
 * Every kind this run can test: SQLite always; Postgres whenever a server is known
 * (`MAPSMITH_TEST_DATABASE_URL`/`DATABASE_URL`, or the throwaway cluster vitest's global
 * setup starts; when it cannot start one it prints why).
 */
export const testDatabaseKinds: TestDatabaseKind[] = testPostgresUrl()
  ? ['sqlite', 'postgres']
  : ['sqlite'];

/** A fresh database with the hosted schema (every step), and how to throw it away. */
export interface TestDatabase {
  kind: TestDatabaseKind;
  db: SqlDatabase;
  /**
   * Opens another handle on the same database (its own connections, as a second server
   * process would have), closed with the database: for races across processes.
   */
  openAnother(): Promise<SqlDatabase>;
  /** Closes the connections and deletes the database. */
  close(): Promise<void>;
}

/** Opens a fresh database of `kind` with every schema step applied. */
export async function openTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === 'postgres') {
    const url = testPostgresUrl();
    if (!url) throw new Error('No Postgres for tests: see the global setup message.');
    return { kind, ...(await openPostgresTestDatabase(url)) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-contract-'));
  const db = await Database.open(path.join(dir, 'test.sqlite'));
  await migrate(db);
  const others: SqlDatabase[] = [];
  return {
    kind,
    db,
    openAnother: async () => {
      const other = await Database.open(db.file);
      others.push(other);
      return other;
    },
    close: async () => {
      for (const other of others) await other.close();
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
