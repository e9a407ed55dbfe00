/** A value SQLite binds. */
export type SqlParam = string | number | null;

/**
 * Read access to an SQLite database, as both shells' thin wrappers (`all/first`) offer it. The
 * crawl report (`report/`) reads the shells' report tables through it, so the queries of the URL
 * table are written once; core still imports no SQLite driver.
 */
export interface SqlReader {
  /** Every row of a query. */
  all<T>(sql: string, params?: SqlParam[]): Promise<T[]>;
  /** The first row of a query, or `undefined`. */
  first<T>(sql: string, params?: SqlParam[]): Promise<T | undefined>;
}
