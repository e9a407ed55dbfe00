import type { SqlQueryable } from '@mapsmith/core';
import type { PgMigration } from './migrate.js';

/**
 * The ids of the steps of `migrations` the database has not applied (every one when it has no
 * `schema_migrations` yet): what `migratePostgres` would apply, read without the lock or a
 * write, so a node can refuse a schema behind its build.
 */
export async function missingPostgresSteps(
  db: SqlQueryable,
  migrations: readonly PgMigration[],
): Promise<number[]> {
  const table = await db.first<{ t: string | null }>(
    "SELECT to_regclass('schema_migrations')::text AS t",
  );
  const done = new Set<number>();
  if (table?.t) {
    for (const row of await db.all<{ id: number }>('SELECT id FROM schema_migrations'))
      done.add(Number(row.id));
  }
  return migrations.filter((m) => !done.has(m.id)).map((m) => m.id);
}
