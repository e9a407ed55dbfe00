import type { SqlParam, SqlQueryable } from '@mapsmith/core';

/**
 * Rows per multi-row INSERT: a round trip per row would make a 50,000-URL list 50,000 round
 * trips on Postgres. 200 rows of a dozen columns stays far under both databases' limits on
 * bound parameters (SQLite 32,766; Postgres 65,535).
 */
const ROWS_PER_STATEMENT = 200;

/**
 * Inserts `rows` in order with multi-row `VALUES` lists: `head` is `INSERT INTO t (a, b)`,
 * `tail` an optional `ON CONFLICT ...` clause. Both databases number generated keys in the
 * order of the list, so `seq` columns keep the rows' order.
 */
export async function insertRows(
  db: SqlQueryable,
  head: string,
  rows: readonly SqlParam[][],
  tail = '',
): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const batch = rows.slice(i, i + ROWS_PER_STATEMENT);
    const values = batch.map((row) => `(${row.map(() => '?').join(', ')})`).join(', ');
    await db.run(`${head} VALUES ${values} ${tail}`, batch.flat());
  }
}
