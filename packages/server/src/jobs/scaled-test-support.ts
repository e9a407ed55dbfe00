import { randomBytes } from 'node:crypto';
import type { SqlDatabase } from '@mapsmith/core';
import { migratePostgres, PgDatabase } from '@mapsmith/postgres';
import { postgresMigrations } from '../db/migrations-pg/index.js';

/**
 * Test support for the scaled job system (not used by the app): a fresh migrated Postgres
 * database with its URL, because the queue engine opens connections of its own to it (the
 * contract suites' databases do not say their URL), and users inserted straight into it.
 */

/** A fresh database on the test Postgres, its URL, and how to drop it. */
export interface ScaledTestDatabase {
  url: string;
  db: PgDatabase;
  /** Closes the connections and drops the database. */
  close(): Promise<void>;
}

/** Creates and migrates a fresh database on the server at `serverUrl`. */
export async function openScaledTestDatabase(serverUrl: string): Promise<ScaledTestDatabase> {
  const name = `mapsmith_scaled_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new PgDatabase({ connectionString: serverUrl, max: 1 });
  try {
    await admin.exec(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const db = new PgDatabase({ connectionString: url, max: 6 });
  await migratePostgres(db, postgresMigrations);
  return {
    url,
    db,
    close: async () => {
      await db.close();
      const drop = new PgDatabase({ connectionString: serverUrl, max: 1 });
      try {
        await drop.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await drop.close();
      }
    },
  };
}

/** Inserts a user (free, or Pro for 30 days); returns its id. */
export async function insertUser(db: SqlDatabase, pro = false): Promise<number> {
  const username = `user${randomBytes(4).toString('hex')}`;
  const proUntil = pro ? new Date(Date.now() + 30 * 86_400_000).toISOString() : null;
  const row = await db.first<{ id: number }>(
    `INSERT INTO users (username, email, password_hash, email_confirmed_at, pro_until)
     VALUES (?, ?, 'not-a-real-hash', ?, ?) RETURNING id`,
    [username, `${username}@example.test`, new Date().toISOString(), proUntil],
  );
  if (!row) throw new Error('no user inserted');
  return row.id;
}
