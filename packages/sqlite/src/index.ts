/**
 * The one small SQLite helper of both shells (the hosted server and the desktop app): the
 * database wrapper and the numbered-migration runner. Each shell keeps only its own steps.
 */
export {
  Database,
  type Queryable,
  type SqlParams,
  type SqlValue,
  type Transaction,
} from './database.js';
export { sqliteDialect } from './dialect.js';
export { type Migration, migrate } from './migrate.js';
