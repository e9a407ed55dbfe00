import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '@mapsmith/core';
import type { ServerConfig } from '../config.js';
import { Database } from '../db/database.js';
import { migrate } from '../db/migrations/index.js';
import { singleProcessRegistry, type WorkerRegistry } from '../health/worker-registry.js';
import { createSqliteRepositories } from '../repos/sql/index.js';
import type { Repositories } from '../repos/types.js';

/** The database a process runs on, its repositories and its worker registry. */
export interface Storage {
  db: Database;
  repos: Repositories;
  /** The live crawl-worker processes, for the health route. */
  workers: WorkerRegistry;
  /** Where the data is, for the start-up log line (never a password). */
  describe: string;
}

/** Path of the SQLite file inside the data folder. */
export function databaseFile(dataDir: string): string {
  return path.join(dataDir, 'mapsmith.sqlite');
}

/** Path of the local mail outbox inside the data folder. */
export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/**
 * Opens the embedded SQLite database in the data folder and brings its schema up to date: one
 * process owns the file, so migrating at start is safe.
 */
export async function openEmbeddedStorage(config: ServerConfig, logger: Logger): Promise<Storage> {
  fs.mkdirSync(outboxDir(config.dataDir), { recursive: true });
  const file = databaseFile(config.dataDir);
  const db = await Database.open(file);
  const applied = await migrate(db);
  if (applied.length > 0) logger.info('database migrated', { applied });
  return {
    db,
    repos: createSqliteRepositories(db),
    workers: singleProcessRegistry(config.role),
    describe: `SQLite ${file}`,
  };
}

/** Opens the database `config` names: SQLite in the data folder, or Postgres at `DATABASE_URL`. */
export async function openStorage(config: ServerConfig, logger: Logger): Promise<Storage> {
  return openEmbeddedStorage(config, logger);
}

/** Where the database is, as `mapsmith migrate` reads it. */
export interface DatabaseLocation {
  databaseUrl: string | null;
  dataDir: string;
}

/** Applies the schema steps the database lacks; answers their ids and where the data is. */
export async function migrateDatabase(
  where: DatabaseLocation,
): Promise<{ applied: (string | number)[]; describe: string }> {
  fs.mkdirSync(where.dataDir, { recursive: true });
  const file = databaseFile(where.dataDir);
  const db = await Database.open(file);
  try {
    return { applied: await migrate(db), describe: `SQLite ${file}` };
  } finally {
    await db.close();
  }
}
