/**
 * The SQLite schema of the embedded server: the application layer's numbered migrations
 * (`@mapsmith/app`), which the desktop's data file runs too. Postgres has its own consolidated
 * twin in `../migrations-pg`.
 */
export { migrate, migrations } from '@mapsmith/app';
