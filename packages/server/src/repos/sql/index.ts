/**
 * Every repository on one database is built by the application layer (`@mapsmith/app`
 * repositories.ts); re-exported for the server's runtime and tests.
 */
export { createSqlRepositories } from '@mapsmith/app';
