import { createHash, randomBytes } from 'node:crypto';
import type { SqlDatabase } from '@mapsmith/core';
import { migratePostgres, PgDatabase } from '@mapsmith/postgres';
import { postgresMigrations } from '../schema/index.js';

/**
 * Test support (not used by either shell at run time): fresh Postgres databases for the contract suites. The
 * schema is migrated once into a template database per schema version; each test database is
 * a `CREATE DATABASE ... TEMPLATE` copy of it (much faster than migrating), dropped on close.
 */

/** The Postgres the tests use: given from outside, or the throwaway one of the global setup. */
export function testPostgresUrl(): string | undefined {
  return process.env.MAPSMITH_TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Names differ per schema version, so an outside server never serves a stale template. */
function templateName(): string {
  const hash = createHash('sha256');
  for (const m of postgresMigrations) hash.update(`${m.id}\n${m.up}\n`);
  return `mapsmith_template_${hash.digest('hex').slice(0, 12)}`;
}

/** Runs `work` with a short-lived connection to the server's maintenance database. */
async function withAdmin<T>(url: string, work: (admin: PgDatabase) => Promise<T>): Promise<T> {
  const admin = new PgDatabase({ connectionString: url, max: 1 });
  try {
    return await work(admin);
  } finally {
    await admin.close();
  }
}

let template: Promise<string> | undefined;

/** The migrated template, created once across every test worker (under an advisory lock). */
function ensureTemplate(url: string): Promise<string> {
  template ??= withAdmin(url, async (admin) => {
    const name = templateName();
    const client = await admin.checkout();
    try {
      await client.query("SELECT pg_advisory_lock(hashtextextended('mapsmith:test-template', 0))");
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) {
        // Built under another name and renamed once complete: a failed step leaves no template.
        const building = `${name}_building`;
        await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        await client.query(`CREATE DATABASE ${building}`);
        const db = new PgDatabase({ connectionString: withDatabase(url, building), max: 1 });
        try {
          await migratePostgres(db, postgresMigrations);
        } finally {
          await db.close();
        }
        await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
      return name;
    } finally {
      // Ending the connection releases the session lock.
      client.release(true);
    }
  });
  return template;
}

let counter = 0;

/** A fresh migrated Postgres database and how to drop it. */
export async function openPostgresTestDatabase(
  url: string,
): Promise<{ db: SqlDatabase; openAnother(): Promise<SqlDatabase>; close(): Promise<void> }> {
  const source = await ensureTemplate(url);
  counter += 1;
  const name = `mapsmith_test_${process.pid}_${counter}_${randomBytes(3).toString('hex')}`;
  await withAdmin(url, (admin) => admin.exec(`CREATE DATABASE ${name} TEMPLATE ${source}`));
  const db = new PgDatabase({ connectionString: withDatabase(url, name), max: 5 });
  const others: PgDatabase[] = [];
  return {
    db,
    // A second pool on the same database: what another server process would have.
    openAnother: async () => {
      const other = new PgDatabase({ connectionString: withDatabase(url, name), max: 5 });
      others.push(other);
      return other;
    },
    close: async () => {
      for (const other of others) await other.close();
      await db.close();
      await withAdmin(url, (admin) => admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
