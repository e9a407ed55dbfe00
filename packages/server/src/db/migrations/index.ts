/**
 * The SQLite schema of the embedded server: every step of the application layer's one schema
 * list (`@mapsmith/app`), hosted-only steps included; the desktop's data file runs the steps
 * every shell needs (`everyShellMigrations`). Postgres: `../migrations-pg`.
 */
export { migrate, migrations } from '@mapsmith/app';
