import fs from 'node:fs';
import path from 'node:path';
import { createSqlRepositories, type Repositories, type SecretBox } from '@mapsmith/app';
import { type Logger, type SqlDatabase, systemClock } from '@mapsmith/core';
import { migratePostgres, missingPostgresSteps, PgDatabase } from '@mapsmith/postgres';
import type { ServerConfig } from '../config.js';
import { Database } from '../db/database.js';
import { migrate } from '../db/migrations/index.js';
import { postgresMigrations } from '../db/migrations-pg/index.js';
import {
  applicationName,
  postgresRegistry,
  singleProcessRegistry,
  type WorkerRegistry,
} from '../health/worker-registry.js';
import { aesGcmBox, type SecretKey } from '../secrets/aes-gcm-box.js';
import { embeddedSecretKeys } from '../secrets/secrets-config.js';
import { ConfigError, type ProcessRole, redactUrl } from './process-config.js';

/** The database a process runs on, its repositories and its worker registry. */
export interface Storage {
  db: SqlDatabase;
  repos: Repositories;
  /** Seals and opens the secrets of crawl settings (AES-256-GCM under the configured key). */
  secrets: SecretBox;
  /** The live crawl-worker processes, for the health route. */
  workers: WorkerRegistry;
  /** Where the data is, for the start-up log line (never a password). */
  describe: string;
  /**
   * The embedded database's file and the keys its crawl settings are sealed with, for the
   * server's crawl thread (which opens the file itself); undefined on Postgres.
   */
  embedded?: { file: string; secretKeys: SecretKey[] };
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
  const secretKeys = embeddedSecretKeys(config.secretKeys, config.dataDir);
  const secrets = aesGcmBox(secretKeys);
  return {
    db,
    repos: createSqlRepositories(db, systemClock, secrets),
    secrets,
    workers: singleProcessRegistry(config.role),
    describe: `SQLite ${file}`,
    embedded: { file, secretKeys },
  };
}

/** A pool on `url` named for `role` in `pg_stat_activity` (the worker registry reads it). */
function openPool(url: string, max: number, role: ProcessRole, logger?: Logger) {
  return PgDatabase.open({
    connectionString: url,
    max,
    applicationName: applicationName(role),
    ...(logger ? { logger } : {}),
  });
}

/**
 * Opens Postgres at `DATABASE_URL` and refuses a schema that is behind this build: migrations
 * run once per release (`mapsmith migrate`, under an advisory lock), never from every node as
 * it starts, so a node of a new version that finds the old schema stops and says so.
 */
export async function openPostgresStorage(config: ServerConfig, logger: Logger): Promise<Storage> {
  const url = config.databaseUrl ?? '';
  const db = await openPool(url, config.databasePool, config.role, logger);
  const missing = await missingPostgresSteps(db, postgresMigrations).catch(async (err: unknown) => {
    await db.close();
    throw err;
  });
  if (missing.length > 0) {
    await db.close();
    throw new ConfigError(
      `The database at ${db.target} lacks schema steps ${missing.join(', ')} of this version: run \`mapsmith migrate\` (with the same DATABASE_URL), then start again.`,
    );
  }
  // processConfigProblems refuses Postgres without a key, so there is one here.
  const secrets = aesGcmBox(config.secretKeys);
  return {
    db,
    repos: createSqlRepositories(db, systemClock, secrets),
    secrets,
    workers: postgresRegistry(db),
    describe: redactUrl(url),
  };
}

/** Opens the database `config` names: SQLite in the data folder, or Postgres at `DATABASE_URL`. */
export function openStorage(config: ServerConfig, logger: Logger): Promise<Storage> {
  return config.databaseUrl
    ? openPostgresStorage(config, logger)
    : openEmbeddedStorage(config, logger);
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
  if (where.databaseUrl) {
    const db = await openPool(where.databaseUrl, 2, 'api');
    try {
      return {
        applied: await migratePostgres(db, postgresMigrations),
        describe: redactUrl(where.databaseUrl),
      };
    } finally {
      await db.close();
    }
  }
  fs.mkdirSync(where.dataDir, { recursive: true });
  const file = databaseFile(where.dataDir);
  const db = await Database.open(file);
  try {
    return { applied: await migrate(db), describe: `SQLite ${file}` };
  } finally {
    await db.close();
  }
}
