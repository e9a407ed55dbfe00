/**
 * The server's SQLite database: the shared helper of both shells (`@mapsmith/sqlite`). It
 * satisfies core's `SqlDatabase` port, checked where `runtime/storage.ts` hands it on as one.
 */
export { Database, type Queryable, type SqlParams, type SqlValue } from '@mapsmith/sqlite';
