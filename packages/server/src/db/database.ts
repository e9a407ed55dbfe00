/** The server's SQLite database: the shared helper of both shells (`@mapsmith/sqlite`). */
import type { SqlDatabase } from '@mapsmith/core';
import type { Database } from '@mapsmith/sqlite';

export { Database, type Queryable, type SqlParams, type SqlValue } from '@mapsmith/sqlite';

/** The embedded database as the port the repositories take (checked here, at compile time). */
export function embeddedSqlDatabase(db: Database): SqlDatabase {
  return db;
}
