/** The server's SQLite database: the shared helper of both shells (`@mapsmith/sqlite`). */
export { Database, type Queryable, type SqlParams, type SqlValue } from '@mapsmith/sqlite';
