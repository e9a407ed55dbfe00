/**
 * The Postgres adapter of the scaled server: core's `SqlDatabase` on a `pg` pool
 * (`PgDatabase`), Postgres' SQL fragments (`postgresDialect`), the advisory-locked migration
 * runner, the queue engine of the worker processes (`QueueEngine` on pg-boss), and a throwaway
 * cluster for tests and benches. Only the server imports it.
 */
export { postgresDialect } from './dialect.js';
export {
  isConnectionError,
  isRetryableConflict,
  PostgresUnreachableError,
} from './errors.js';
export { MIGRATION_LOCK_KEY, migratePostgres, type PgMigration } from './migrate.js';
export { missingPostgresSteps } from './missing-steps.js';
export { PgDatabase, type PgDatabaseOptions } from './pg-database.js';
export { toPostgresPlaceholders } from './placeholders.js';
export {
  createPgBossEngine,
  type EngineJob,
  type EngineQueueCounts,
  type EngineQueueSpec,
  EngineTestClock,
  type PgBossEngineOptions,
  type QueueEngine,
} from './queue-engine.js';
export {
  findPostgresBin,
  startThrowawayCluster,
  type ThrowawayCluster,
  whyNoThrowawayCluster,
} from './throwaway-cluster.js';
export { MAX_TRANSACTION_ATTEMPTS } from './transaction.js';
