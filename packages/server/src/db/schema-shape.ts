import type { SqlDatabase } from '@mapsmith/core';

/**
 * Test support (not used by the app): a migrated database's schema read back from the database
 * itself, in terms both dialects share, so the schema-parity and upgrade tests compare SQLite
 * with Postgres, and an upgraded database with a fresh one, column for column.
 */

/** One column as the database reports it. */
export interface ColumnShape {
  /** The type as declared (SQLite) or reported (Postgres' `data_type`, `udt_name` for citext). */
  type: string;
  /** The family both dialects share: integer, text, real or blob. */
  family: string;
  notNull: boolean;
  /** The default, without Postgres' casts; the ISO-now default of either dialect is `now-iso`. */
  default: string | null;
  primaryKey: boolean;
  /**
   * The database numbers new rows itself: SQLite's `INTEGER PRIMARY KEY` (its rowid) unless it
   * names another table's row, Postgres' identity column (as `toPostgres` writes them).
   */
  autoId: boolean;
}

/** One named index (not the automatic ones behind PRIMARY KEY and UNIQUE). */
export interface IndexShape {
  table: string;
  /** Its key columns in order; an expression is `<expr>`. */
  columns: string;
  unique: boolean;
  partial: boolean;
}

/** table → column → shape, and index name → shape, each sorted by name. */
export interface DatabaseShape {
  tables: Record<string, Record<string, ColumnShape>>;
  indexes: Record<string, IndexShape>;
}

/** The type family of a declared SQLite type (its affinity) or a Postgres type. */
export function typeFamily(type: string): string {
  const t = type.toLowerCase();
  if (t.includes('int')) return 'integer';
  if (/char|clob|text/.test(t)) return 'text';
  if (t === '' || t.includes('blob') || t === 'bytea') return 'blob';
  if (/real|floa|doub/.test(t)) return 'real';
  return t;
}

/** A default in words both dialects share (casts, outer parentheses, the ISO-now default). */
export function normalDefault(value: string | null): string | null {
  if (value === null) return null;
  if (/^\(?(strftime\('%Y-%m-%dT%H:%M:%fZ', 'now'\)|to_char\(\(?now\(\))/.test(value))
    return 'now-iso';
  return value.replace(/::[a-z ]+/g, '').replace(/^\((.*)\)$/, '$1');
}

const sorted = <T>(entries: [string, T][]): Record<string, T> =>
  Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));

/** The schema of a SQLite database (its `schema_migrations` left out). */
export async function sqliteShape(db: SqlDatabase): Promise<DatabaseShape> {
  const names = await db.all<{ name: string }>(
    `SELECT name FROM sqlite_master WHERE type = 'table'
        AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations'`,
  );
  const tables: [string, Record<string, ColumnShape>][] = [];
  for (const { name } of names) {
    const cols = await db.all<{
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }>(`SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info('${name}')`);
    const keys = cols.filter((c) => c.pk > 0);
    const foreign = new Set(
      (await db.all<{ from: string }>(`SELECT "from" FROM pragma_foreign_key_list('${name}')`)).map(
        (f) => f.from,
      ),
    );
    const rowidAlias = (c: (typeof cols)[number]) =>
      keys.length === 1 && c.pk === 1 && c.type.toUpperCase() === 'INTEGER';
    const shapes = cols.map((c): [string, ColumnShape] => [
      c.name,
      {
        type: c.type,
        family: typeFamily(c.type),
        // A primary-key column is NOT NULL in Postgres; SQLite's INTEGER PRIMARY KEY is too (rowid).
        notNull: c.notnull === 1 || c.pk > 0,
        default: normalDefault(c.dflt_value),
        primaryKey: c.pk > 0,
        autoId: rowidAlias(c) && !foreign.has(c.name),
      },
    ]);
    tables.push([name, sorted(shapes)]);
  }
  const indexRows = await db.all<{ name: string; tbl_name: string; sql: string }>(
    "SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL",
  );
  const indexes: [string, IndexShape][] = [];
  for (const index of indexRows) {
    const keys = await db.all<{ name: string | null }>(
      `SELECT name FROM pragma_index_xinfo('${index.name}') WHERE key = 1 ORDER BY seqno`,
    );
    indexes.push([
      index.name,
      {
        table: index.tbl_name,
        columns: keys.map((k) => k.name ?? '<expr>').join(','),
        unique: /^CREATE UNIQUE/i.test(index.sql),
        partial: /\bWHERE\b/i.test(index.sql),
      },
    ]);
  }
  return { tables: sorted(tables), indexes: sorted(indexes) };
}

/** The schema of a Postgres database's `public` schema (its `schema_migrations` left out). */
export async function postgresShape(db: SqlDatabase): Promise<DatabaseShape> {
  const rows = await db.all<{
    table_name: string;
    column_name: string;
    data_type: string;
    udt_name: string;
    is_nullable: string;
    column_default: string | null;
    is_identity: string;
    pk: boolean;
  }>(
    `SELECT c.table_name, c.column_name, c.data_type, c.udt_name, c.is_nullable, c.column_default,
            c.is_identity,
            EXISTS (SELECT 1 FROM information_schema.key_column_usage k
                      JOIN information_schema.table_constraints t
                        ON t.constraint_name = k.constraint_name AND t.table_schema = k.table_schema
                     WHERE t.constraint_type = 'PRIMARY KEY' AND k.table_schema = 'public'
                       AND k.table_name = c.table_name AND k.column_name = c.column_name) AS pk
       FROM information_schema.columns c
      WHERE c.table_schema = 'public' AND c.table_name <> 'schema_migrations'`,
  );
  const tables = new Map<string, [string, ColumnShape][]>();
  for (const r of rows) {
    const type = r.data_type === 'USER-DEFINED' ? r.udt_name : r.data_type;
    const columns = tables.get(r.table_name) ?? [];
    columns.push([
      r.column_name,
      {
        type,
        family: typeFamily(type === 'citext' ? 'text' : type),
        notNull: r.is_nullable === 'NO',
        default: normalDefault(r.column_default),
        primaryKey: r.pk === true,
        autoId: r.is_identity === 'YES',
      },
    ]);
    tables.set(r.table_name, columns);
  }
  // Indexes behind PRIMARY KEY / UNIQUE constraints are automatic, as SQLite's autoindexes.
  const indexRows = await db.all<{
    name: string;
    table: string;
    columns: string;
    unique: boolean;
    partial: boolean;
  }>(
    `SELECT i.relname AS name, t.relname AS "table", x.indisunique AS "unique",
            x.indpred IS NOT NULL AS partial,
            (SELECT string_agg(COALESCE(a.attname, '<expr>'), ',' ORDER BY k.n)
               FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)
               LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
              WHERE k.n <= x.indnkeyatts) AS columns
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_namespace ns ON ns.oid = t.relnamespace
      WHERE ns.nspname = 'public' AND t.relname <> 'schema_migrations'
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`,
  );
  return {
    tables: sorted([...tables].map(([name, columns]) => [name, sorted(columns)])),
    indexes: sorted(
      indexRows.map((r): [string, IndexShape] => [
        r.name,
        { table: r.table, columns: r.columns, unique: r.unique, partial: r.partial },
      ]),
    ),
  };
}
