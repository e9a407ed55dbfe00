import type { Database } from './database.js';

/** One numbered schema step. Never edited once it has landed: add the next number instead. */
export interface Migration {
  /** Its number; steps run in array order, and an id is applied once. */
  id: number;
  /** A short name, kept in `schema_migrations`. */
  name: string;
  /** The SQL script of the step. */
  up: string;
}

/**
 * Applies every migration not yet recorded in `schema_migrations`, each in its own
 * transaction with its record, and returns the ids applied. A database written by the
 * desktop's earlier runner, which counted its steps in `PRAGMA user_version`, has its first
 * `user_version` migrations recorded as applied first, so an upgrade never re-runs them.
 */
export async function migrate(db: Database, migrations: readonly Migration[]): Promise<number[]> {
  const known = await db.first<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'",
  );
  await db.exec(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
       id INTEGER PRIMARY KEY, name TEXT NOT NULL,
       applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))`,
  );
  if (!known) await adoptUserVersion(db, migrations);
  const done = new Set(
    (await db.all<{ id: number }>('SELECT id FROM schema_migrations')).map((r) => r.id),
  );
  const applied: number[] = [];
  for (const migration of migrations) {
    if (done.has(migration.id)) continue;
    await db.transaction(async (tx) => {
      await tx.exec(migration.up);
      await tx.run('INSERT INTO schema_migrations (id, name) VALUES (?, ?)', [
        migration.id,
        migration.name,
      ]);
    });
    applied.push(migration.id);
  }
  return applied;
}

async function adoptUserVersion(db: Database, migrations: readonly Migration[]): Promise<void> {
  const row = await db.first<{ user_version: number }>('PRAGMA user_version');
  const steps = migrations.slice(0, row?.user_version ?? 0);
  if (steps.length === 0) return;
  await db.transaction(async (tx) => {
    for (const step of steps)
      await tx.run('INSERT INTO schema_migrations (id, name) VALUES (?, ?)', [step.id, step.name]);
  });
}
