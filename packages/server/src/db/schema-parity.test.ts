import { openTestDatabase, type TestDatabase, testDatabaseKinds } from '@mapsmith/app/testing';
import type { SqlDatabase } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DatabaseShape,
  postgresShape as postgresDetail,
  sqliteShape as sqliteDetail,
} from './schema-shape.js';

/**
 * The SQLite steps (`migrations/`) and the Postgres steps (`migrations-pg/`) must describe the
 * same schema: the same tables, columns, NOT NULLs and named indexes. Postgres alone has a real
 * `rowid` column where queries order by SQLite's implicit one.
 */

/** table → column → NOT NULL, plus the named (non-automatic) indexes. */
interface SchemaShape {
  columns: Map<string, Map<string, boolean>>;
  indexes: Set<string>;
}

/** Columns only Postgres has, by table: SQLite's implicit rowid made real. */
const POSTGRES_ONLY: Record<string, string[]> = {
  crawl_jobs: ['rowid'],
  audit_jobs: ['rowid'],
  bulk_crawls: ['rowid'],
  crawl_schedules: ['rowid'],
};

/**
 * Indexes UNIQUE on Postgres only (step 90): Postgres text compares with case, so its `lower()`
 * indexes carry the uniqueness SQLite's NOCASE columns have.
 */
const UNIQUE_ON_POSTGRES_ONLY = ['users_username_lower', 'users_email_lower'];

/**
 * Every difference in type family, default, primary key, auto id and index key columns, in words
 * (`schemaDifferences` has said which tables, columns and indexes one side lacks).
 */
function detailDifferences(sqlite: DatabaseShape, postgres: DatabaseShape): string[] {
  const out: string[] = [];
  for (const [table, columns] of Object.entries(sqlite.tables))
    for (const [column, a] of Object.entries(columns)) {
      const b = postgres.tables[table]?.[column];
      if (!b) continue;
      for (const key of ['family', 'default', 'primaryKey', 'autoId'] as const)
        if (a[key] !== b[key])
          out.push(`${table}.${column}: ${key} ${a[key]} in SQLite, ${b[key]} in Postgres`);
    }
  for (const [name, a] of Object.entries(sqlite.indexes)) {
    const b = postgres.indexes[name];
    if (!b) continue;
    // What Postgres should have: SQLite's index, UNIQUE where only Postgres needs it.
    const expected = { ...a, unique: a.unique || UNIQUE_ON_POSTGRES_ONLY.includes(name) };
    if (JSON.stringify(expected) !== JSON.stringify(b))
      out.push(
        `index ${name}: ${JSON.stringify(expected)} expected in Postgres, ${JSON.stringify(b)} found`,
      );
  }
  return out;
}

async function sqliteShape(db: SqlDatabase): Promise<SchemaShape> {
  const columns = new Map<string, Map<string, boolean>>();
  const tables = await db.all<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
  );
  for (const { name } of tables) {
    const cols = await db.all<{ name: string; notnull: number; pk: number }>(
      `SELECT name, "notnull", pk FROM pragma_table_info('${name}')`,
    );
    // A primary-key column is NOT NULL in Postgres; SQLite's INTEGER PRIMARY KEY is too (rowid).
    columns.set(name, new Map(cols.map((c) => [c.name, c.notnull === 1 || c.pk > 0])));
  }
  const indexes = await db.all<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL",
  );
  return { columns, indexes: new Set(indexes.map((i) => i.name)) };
}

async function postgresShape(db: SqlDatabase): Promise<SchemaShape> {
  const columns = new Map<string, Map<string, boolean>>();
  const rows = await db.all<{ table_name: string; column_name: string; is_nullable: string }>(
    `SELECT table_name, column_name, is_nullable FROM information_schema.columns
      WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
  );
  for (const r of rows) {
    const table = columns.get(r.table_name) ?? new Map<string, boolean>();
    table.set(r.column_name, r.is_nullable === 'NO');
    columns.set(r.table_name, table);
  }
  // Indexes behind PRIMARY KEY / UNIQUE constraints are automatic, as SQLite's autoindexes.
  const indexes = await db.all<{ indexname: string }>(
    `SELECT indexname FROM pg_indexes i WHERE schemaname = 'public'
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  );
  return { columns, indexes: new Set(indexes.map((i) => i.indexname)) };
}

/** Every difference, in words naming the table and column. */
function schemaDifferences(sqlite: SchemaShape, postgres: SchemaShape): string[] {
  const out: string[] = [];
  const tables = new Set([...sqlite.columns.keys(), ...postgres.columns.keys()]);
  for (const table of [...tables].sort()) {
    const a = sqlite.columns.get(table);
    const b = postgres.columns.get(table);
    if (!a) out.push(`table ${table}: only in Postgres`);
    else if (!b) out.push(`table ${table}: only in SQLite`);
    if (!a || !b) continue;
    const extra = POSTGRES_ONLY[table] ?? [];
    for (const column of new Set([...a.keys(), ...b.keys()])) {
      if (!a.has(column) && !extra.includes(column))
        out.push(`${table}.${column}: only in Postgres`);
      else if (!b.has(column)) out.push(`${table}.${column}: only in SQLite`);
      else if (a.has(column) && a.get(column) !== b.get(column))
        out.push(`${table}.${column}: NOT NULL in ${a.get(column) ? 'SQLite' : 'Postgres'} only`);
    }
    for (const column of extra)
      if (!b.has(column)) out.push(`${table}.${column}: missing in Postgres`);
  }
  for (const index of new Set([...sqlite.indexes, ...postgres.indexes]))
    if (!sqlite.indexes.has(index)) out.push(`index ${index}: only in Postgres`);
    else if (!postgres.indexes.has(index)) out.push(`index ${index}: only in SQLite`);
  return out;
}

describe('schemaDifferences', () => {
  const shape = (cols: Record<string, Record<string, boolean>>, idx: string[] = []) => ({
    columns: new Map(Object.entries(cols).map(([t, c]) => [t, new Map(Object.entries(c))])),
    indexes: new Set(idx),
  });

  it('names the table and column that drifted', () => {
    expect(
      schemaDifferences(
        shape({ users: { id: true, email: true, note: false }, old: { id: true } }, ['a']),
        shape({ users: { id: true, email: false, extra: false }, crawl_jobs: {} }, ['b']),
      ),
    ).toEqual([
      'table crawl_jobs: only in Postgres',
      'table old: only in SQLite',
      'users.email: NOT NULL in SQLite only',
      'users.note: only in SQLite',
      'users.extra: only in Postgres',
      'index a: only in SQLite',
      'index b: only in Postgres',
    ]);
  });

  it("accepts Postgres' real rowid column where it is expected, and requires it", () => {
    expect(
      schemaDifferences(
        shape({ crawl_jobs: { id: true } }),
        shape({ crawl_jobs: { id: true, rowid: true } }),
      ),
    ).toEqual([]);
    expect(
      schemaDifferences(shape({ crawl_jobs: { id: true } }), shape({ crawl_jobs: { id: true } })),
    ).toEqual(['crawl_jobs.rowid: missing in Postgres']);
  });
});

describe('detailDifferences', () => {
  const column = (family: string, dflt: string | null = null, primaryKey = false) => ({
    type: family,
    family,
    notNull: primaryKey,
    default: dflt,
    primaryKey,
    autoId: primaryKey,
  });
  const index = (columns: string, unique = false) => ({
    table: 'users',
    columns,
    unique,
    partial: false,
  });

  it('names the column whose family, default or key drifted, and the index whose keys did', () => {
    const sqlite: DatabaseShape = {
      tables: { users: { id: column('integer', null, true), n: column('integer', '0') } },
      indexes: { users_n: index('n'), users_email_lower: index('<expr>') },
    };
    const postgres: DatabaseShape = {
      tables: { users: { id: column('text', null, false), n: column('integer', '1') } },
      indexes: { users_n: index('n,id'), users_email_lower: index('<expr>', true) },
    };
    expect(detailDifferences(sqlite, postgres)).toEqual([
      'users.id: family integer in SQLite, text in Postgres',
      'users.id: primaryKey true in SQLite, false in Postgres',
      'users.id: autoId true in SQLite, false in Postgres',
      'users.n: default 0 in SQLite, 1 in Postgres',
      `index users_n: ${JSON.stringify(index('n'))} expected in Postgres, ${JSON.stringify(index('n,id'))} found`,
    ]);
    postgres.indexes.users_email_lower = index('<expr>');
    expect(detailDifferences(sqlite, postgres)).toContain(
      `index users_email_lower: ${JSON.stringify(index('<expr>', true))} expected in Postgres, ${JSON.stringify(index('<expr>'))} found`,
    );
  });
});

describe.skipIf(!testDatabaseKinds.includes('postgres'))('schema parity', () => {
  let sqlite: TestDatabase;
  let postgres: TestDatabase;
  beforeAll(async () => {
    sqlite = await openTestDatabase('sqlite');
    postgres = await openTestDatabase('postgres');
  });
  afterAll(async () => {
    await sqlite?.close();
    await postgres?.close();
  });

  it('both migrated databases have the same tables, columns, NOT NULLs and indexes', async () => {
    const differences = schemaDifferences(
      await sqliteShape(sqlite.db),
      await postgresShape(postgres.db),
    );
    expect(differences).toEqual([]);
  });

  it('both have the same type family, default, primary key and auto id per column, and index keys', async () => {
    const lite = await sqliteDetail(sqlite.db);
    const pg = await postgresDetail(postgres.db);
    expect(Object.keys(lite.tables).length).toBeGreaterThan(20);
    expect(detailDifferences(lite, pg)).toEqual([]);
  });

  it('both have applied the same step ids up to the last Postgres step', async () => {
    const ids = async (db: SqlDatabase) =>
      (await db.all<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id')).map(
        (r) => r.id,
      );
    const pg = await ids(postgres.db);
    const lite = await ids(sqlite.db);
    expect(lite.at(-1)).toBe(pg.at(-1));
  });
});
