import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openTestDatabase, testDatabaseKinds, testPostgresUrl } from '@mapsmith/app/testing';
import type { SqlDatabase } from '@mapsmith/core';
import { migratePostgres, PgDatabase } from '@mapsmith/postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { Database } from './database.js';
import { createOldSchema, oldSchema } from './fixtures/old-schema.js';
import { migrate, migrations } from './migrations/index.js';
import { postgresMigrations } from './migrations-pg/index.js';
import { postgresShape, sqliteShape } from './schema-shape.js';

/**
 * Existing databases upgrade in place (issue 27 point 3): a SQLite file and a Postgres database
 * at the schema of main before the one schema source (`fixtures/old-schema.ts`: every step of
 * the two old lists as they ran), with rows in the main tables, run today's migration code and
 * keep every row, with a schema equal to a fresh database's, column for column.
 */

/** The tables the rows go in, each read back whole in a fixed order. */
const SEEDED = [
  'users',
  'crawl_jobs',
  'crawl_pages',
  'crawl_frontier',
  'crawl_inlinks',
  'crawl_report_counts',
  'usage_months',
  'bulk_crawls',
  'crawl_schedules',
  'audit_jobs',
  'audit_urls',
  'payment_orders',
  'api_tokens',
  'share_links',
];

/** One row in each table of `SEEDED`, in SQL both dialects run. */
async function seed(db: SqlDatabase): Promise<void> {
  const at = '2026-11-20T10:00:00.000Z';
  await db.run(
    "INSERT INTO users (id, username, email, password_hash, pro_until) VALUES (7, 'Ann', 'ann@example.com', 'h', ?)",
    [at],
  );
  await db.run(
    `INSERT INTO crawl_jobs (id, user_id, url, status, page_cap, pages_crawled, created_at, created_ms,
        summary, settings, bulk_id, bulk_line, claim_token, stored_bytes, control)
     VALUES ('job-1', 7, 'https://a.example/', 'completed', 500, 1, ?, 1700000000000,
        '{"pages":1}', '{"render":false}', 'bulk-1', 1, 'tok', 42, 'stop')`,
    [at],
  );
  await db.run(
    `INSERT INTO crawl_pages (job_id, key, url, title, included, record, status, reason, verdict, depth, response_ms)
     VALUES ('job-1', 'a.example/', 'https://a.example/', 'Home', 1, '{"url":"https://a.example/"}', 200, 'ok', 'included', 0, 35)`,
  );
  await db.run(
    `INSERT INTO crawl_frontier (job_id, key, url, depth, found_via, state)
     VALUES ('job-1', 'a.example/', 'https://a.example/', 0, 'start', 'done')`,
  );
  await db.run(
    "INSERT INTO crawl_inlinks (job_id, key, from_url) VALUES ('job-1', 'a.example/x', 'https://a.example/')",
  );
  await db.run("INSERT INTO crawl_report_counts (job_id, reason, n) VALUES ('job-1', 'ok', 1)");
  await db.run("INSERT INTO usage_months (user_id, month, pages) VALUES (7, '2026-11', 1)");
  await db.run(
    `INSERT INTO bulk_crawls (id, user_id, settings, rejected, created_at, created_ms)
     VALUES ('bulk-1', 7, NULL, '[]', ?, 1700000000000)`,
    [at],
  );
  await db.run(
    `INSERT INTO crawl_schedules (id, user_id, url, frequency, time_of_day, time_zone, token, next_run_ms, created_at)
     VALUES ('sched-1', 7, 'https://a.example/', 'weekly', '09:00', 'UTC', 'sched-token', 1700000000000, ?)`,
    [at],
  );
  await db.run(
    `INSERT INTO audit_jobs (id, user_id, source, source_url, status, listed, created_at, created_ms)
     VALUES ('audit-1', 7, 'url', 'https://a.example/sitemap.xml', 'completed', 1, ?, 1700000000000)`,
    [at],
  );
  await db.run(
    "INSERT INTO audit_urls (job_id, url, state, verdict, status) VALUES ('audit-1', 'https://a.example/', 'done', 'ok', 200)",
  );
  await db.run(
    `INSERT INTO payment_orders (id, user_id, paypal_order_id, amount, currency, status, created_at)
     VALUES ('order-1', 7, 'PP-1', '9.00', 'EUR', 'captured', ?)`,
    [at],
  );
  await db.run(
    "INSERT INTO api_tokens (user_id, name, token_hash, created_at) VALUES (7, 'ci', 'hash-1', ?)",
    [at],
  );
  await db.run(
    "INSERT INTO share_links (token_hash, job_id, owner_id, created_at) VALUES ('share-1', 'job-1', 7, ?)",
    [at],
  );
}

/** Every row of every seeded table, in key order. */
async function rows(db: SqlDatabase): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of SEEDED) out[table] = await db.all(`SELECT * FROM ${table} ORDER BY 1, 2`);
  return out;
}

/**
 * `after`'s rows with only the columns `before` had: the steps landed since the fixture add
 * columns (claim tokens, a schedule's late slot), and the rows must keep every value they had.
 */
function oldColumns(
  after: Record<string, unknown[]>,
  before: Record<string, unknown[]>,
): Record<string, unknown[]> {
  return Object.fromEntries(
    Object.entries(after).map(([table, list]) => {
      const keys = Object.keys((before[table]?.[0] ?? {}) as object);
      return [
        table,
        list.map((row) =>
          Object.fromEntries(keys.map((k) => [k, (row as Record<string, unknown>)[k]])),
        ),
      ];
    }),
  );
}

const closing: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

describe('the steps that had landed before the one source', () => {
  /** id → SQL text, as a runner gets it. */
  const texts = (list: ReadonlyArray<{ id: number; name: string; up: string }>) =>
    Object.fromEntries(list.map((m) => [m.id, { name: m.name, sql: m.up.trim() }]));

  it('keep their ids, names and texts: only 81 left SQLite (it was SELECT 1)', () => {
    const lite = texts(migrations);
    const changed = oldSchema('sqlite').steps.filter(
      (s) => JSON.stringify(lite[s.id]) !== JSON.stringify({ name: s.name, sql: s.sql.trim() }),
    );
    expect(changed).toEqual([{ id: 81, name: 'report-text-order', sql: 'SELECT 1;\n' }]);
  });

  it('keep their Postgres texts: 90 up to a space, 71 under the name of its SQLite side', () => {
    const pg = texts(postgresMigrations);
    const changed = oldSchema('postgres').steps.filter(
      (s) => JSON.stringify(pg[s.id]) !== JSON.stringify({ name: s.name, sql: s.sql.trim() }),
    );
    expect(changed.map((s) => [s.id, s.name])).toEqual([
      [71, 'schema'],
      [90, 'accounts-nocase'],
    ]);
    // One name per step now: a database made before keeps 'schema' in its schema_migrations row.
    expect(pg[71]).toEqual({ name: 'sitemap-compare', sql: changed[0]?.sql.trim() });
    expect(pg[90]?.sql).toBe(changed[1]?.sql.trim().replaceAll('users (', 'users('));
  });
});

/** The ids of `list` the fixture's schema (main at 1ac08d1) has not run: the steps landed since. */
function stepsAfterFixture(
  list: readonly { id: number }[],
  dialect: 'sqlite' | 'postgres',
): number[] {
  const last = oldSchema(dialect).steps.reduce((max, s) => (s.id > max ? s.id : max), 0);
  return list.map((m) => m.id).filter((id) => id > last);
}

describe('a SQLite file at the schema before the one source', () => {
  it('keeps its rows and ends with the schema of a fresh file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-upgrade-'));
    const db = await Database.open(path.join(dir, 'old.sqlite'));
    closing.push(async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    await createOldSchema(db, 'sqlite');
    await seed(db);
    const before = await rows(db);
    expect(before.users).toHaveLength(1);

    // Only the steps that landed after the fixture's schema run (105 and on), none again.
    expect(await migrate(db)).toEqual(stepsAfterFixture(migrations, 'sqlite'));

    expect(oldColumns(await rows(db), before)).toEqual(before);
    const fresh = await openTestDatabase('sqlite');
    closing.push(() => fresh.close());
    expect(await sqliteShape(db)).toEqual(await sqliteShape(fresh.db));
  });
});

describe.skipIf(!testDatabaseKinds.includes('postgres'))(
  'a Postgres database at the schema before the one source',
  () => {
    it('keeps its rows and ends with the schema of a fresh database', async () => {
      const url = testPostgresUrl() as string;
      const name = `mapsmith_upgrade_${process.pid}_${Date.now()}`;
      const at = (database: string) => Object.assign(new URL(url), { pathname: `/${database}` });
      const admin = new PgDatabase({ connectionString: url, max: 1 });
      await admin.exec(`CREATE DATABASE ${name}`);
      const db = new PgDatabase({ connectionString: at(name).toString(), max: 2 });
      closing.push(async () => {
        await db.close();
        await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.close();
      });
      await createOldSchema(db, 'postgres');
      await seed(db);
      const before = await rows(db);
      expect(before.users).toHaveLength(1);

      expect(await migratePostgres(db, postgresMigrations)).toEqual(
        stepsAfterFixture(postgresMigrations, 'postgres'),
      );

      expect(oldColumns(await rows(db), before)).toEqual(before);
      const fresh = await openTestDatabase('postgres');
      closing.push(() => fresh.close());
      expect(await postgresShape(db)).toEqual(await postgresShape(fresh.db));
    });
  },
);
