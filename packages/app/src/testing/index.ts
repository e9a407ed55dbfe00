/**
 * `@mapsmith/app/testing`: the test-database helpers of the contract suites (never imported by
 * either shell at run time). A suite beside its feature runs once per database kind
 * (`describe.each(testDatabaseKinds)`) on a fresh, migrated SQLite file or Postgres database.
 */
export * from './contract-support.js';
export * from './pro-contract-support.js';
export * from './test-databases.js';
export * from './test-images.js';
export { testPostgresUrl } from './test-postgres.js';
