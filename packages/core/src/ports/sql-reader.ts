/** A value both databases bind: text, numbers, NULL and bytes. */
export type SqlParam = string | number | bigint | null | Uint8Array;

/**
 * What differs between the SQL of SQLite (embedded, both shells) and Postgres (the scaled
 * server), as fragments to splice into otherwise shared statements. Everything else is written
 * once in the common subset: `?` placeholders, `ON CONFLICT ... DO NOTHING/UPDATE`,
 * `RETURNING`, `COUNT(*) FILTER (WHERE ...)`, `CASE`, `COALESCE`.
 *
 * JSON columns are TEXT in both schemas; `path` is a list of keys and array indexes
 * (`['redirectChain', 0, 'status']`).
 */
export interface SqlDialect {
  readonly name: 'sqlite' | 'postgres';
  /** A JSON value at `path` as text (NULL when absent). */
  jsonText(column: string, path: readonly (string | number)[]): string;
  /** A JSON value at `path` as a number (NULL when absent). */
  jsonNumber(column: string, path: readonly (string | number)[]): string;
  /** A JSON boolean at `path` as 1 or 0 (NULL when absent). */
  jsonFlag(column: string, path: readonly (string | number)[]): string;
  /** The length of the JSON array at `path` (0 when absent). */
  jsonArrayLength(column: string, path: readonly (string | number)[]): string;
  /** `column` (JSON text) with the value at the top-level `key` set to the SQL `value` (text). */
  jsonSetText(column: string, key: string, value: string): string;
  /** An aggregate: the values of `expr` as a JSON array text, in `orderBy` order. */
  jsonGroupArray(expr: string, orderBy: string): string;
  /** An aggregate: the text values of `expr` joined by `separator`, in `orderBy` order. */
  stringAgg(expr: string, separator: string, orderBy: string): string;
  /** The larger of two values (SQLite's two-argument MAX, Postgres' GREATEST). */
  greatest(a: string, b: string): string;
  /** The smaller of two values. */
  least(a: string, b: string): string;
  /** `expr` matched against a LIKE pattern, ignoring ASCII case (`ESCAPE '\'`). */
  likeNoCase(expr: string, pattern: string): string;
  /** Text `expr` as bytes (UTF-8), so a large text aggregate reaches JS as one buffer. */
  utf8Bytes(expr: string): string;
  /**
   * A FROM item: one row named `alias` per element of the JSON array text `json` (a bound `?`),
   * in the array's order. Many rows go in as one parameter: one statement and one bound string
   * instead of a placeholder per value (`jsonRowText` reads an element's entries).
   */
  jsonArrayRows(json: string, alias: string): string;
  /** Entry `index` of the `jsonArrayRows` row `alias` (an element that is an array), as text. */
  jsonRowText(alias: string, index: number): string;
}

/**
 * Read access to a database (SQLite or Postgres), as both shells' thin wrappers (`all/first`)
 * offer it. The crawl report (`report/`) reads the shells' report tables through it, so the
 * queries of the URL table are written once; core still imports no database driver.
 */
export interface SqlReader {
  /** The SQL flavour to splice dialect fragments for. */
  readonly dialect: SqlDialect;
  /** Every row of a query (`?` placeholders). */
  all<T>(sql: string, params?: SqlParam[]): Promise<T[]>;
  /** The first row of a query, or `undefined`. */
  first<T>(sql: string, params?: SqlParam[]): Promise<T | undefined>;
}

/** Reads and writes: one statement at a time, each its own transaction unless inside one. */
export interface SqlQueryable extends SqlReader {
  /** Runs one statement; returns how many rows it changed. */
  run(sql: string, params?: SqlParam[]): Promise<{ changes: number }>;
  /** Runs a script of several statements without parameters (schema steps). */
  exec(sql: string): Promise<void>;
}

/** The inside of a transaction. */
export interface SqlTransaction extends SqlQueryable {
  /**
   * Holds `key` (e.g. `user:42`) until the transaction ends, so read-then-write work on the
   * same key by other processes waits (Postgres: an advisory transaction lock). SQLite's single
   * writer already runs transactions one at a time, so there it costs nothing.
   */
  lock(key: string): Promise<void>;
}

/** How a transaction runs: SERIALIZABLE (the default) or READ COMMITTED. */
export interface TransactionOptions {
  isolation?: 'serializable' | 'read committed';
}

/**
 * A database the server's repositories run on: SQLite (`@mapsmith/sqlite`, the embedded
 * default) or Postgres (`@mapsmith/postgres`, several processes). Transactions are
 * serializable on both: SQLite runs one writer at a time; Postgres runs them SERIALIZABLE and
 * retries one that lost a conflict, so `work` must only touch the database through `tx`.
 */
export interface SqlDatabase extends SqlQueryable {
  /**
   * Runs `work` in one transaction; commits when it resolves, rolls back when it throws.
   * `isolation: 'read committed'` lowers Postgres' level for writes already ordered by a row
   * lock of their own (SQLite's one writer makes every transaction serializable anyway).
   */
  transaction<T>(
    work: (tx: SqlTransaction) => Promise<T>,
    options?: TransactionOptions,
  ): Promise<T>;
  /** Closes every connection. */
  close(): Promise<void>;
}
