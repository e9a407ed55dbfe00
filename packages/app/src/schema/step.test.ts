import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Database, migrate } from '@mapsmith/sqlite';
import { describe, expect, it } from 'vitest';
import { everyShellMigrations, migrations, postgresMigrations, schemaSteps } from './index.js';
import { AUTO_ID, NOW_ISO, toPostgres } from './step.js';

describe('toPostgres', () => {
  it("writes SQLite's types, auto ids, ISO-now defaults and WITHOUT ROWID the Postgres way", () => {
    expect(
      toPostgres(`CREATE TABLE t (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  score REAL,
  logo BLOB,
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) WITHOUT ROWID;
ALTER TABLE brands ADD COLUMN owner INTEGER PRIMARY KEY REFERENCES users(id);`),
    ).toBe(`CREATE TABLE t (
  id ${AUTO_ID},
  user_id BIGINT NOT NULL REFERENCES users(id),
  score DOUBLE PRECISION,
  logo BYTEA,
  at TEXT NOT NULL DEFAULT ${NOW_ISO}
);
ALTER TABLE brands ADD COLUMN owner BIGINT PRIMARY KEY REFERENCES users(id);`);
  });

  it('refuses SQLite spelling it cannot carry over, saying what to do', () => {
    expect(() => toPostgres('CREATE TABLE t (name TEXT COLLATE NOCASE);')).toThrow(
      'This schema step uses COLLATE NOCASE (Postgres: CITEXT or a lower() index): give it its own postgres text.',
    );
    expect(() => toPostgres('INSERT OR IGNORE INTO t VALUES (1);')).toThrow(/INSERT OR/);
  });
});

describe('the one schema list', () => {
  it('is in ascending id order, each id once, and each step runs on some dialect', () => {
    const ids = schemaSteps.map((s) => s.id);
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    for (const step of schemaSteps) expect(step.sqlite ?? step.postgres).toBeDefined();
  });

  it('gives each runner its steps: the server all, the desktop the every-shell ones', () => {
    expect(migrations.map((m) => m.id)).toEqual(
      schemaSteps.filter((s) => s.sqlite !== undefined).map((s) => s.id),
    );
    expect(everyShellMigrations.map((m) => m.id)).toEqual(
      schemaSteps.filter((s) => s.sqlite !== undefined && s.shells === 'every').map((s) => s.id),
    );
    expect(postgresMigrations[0]?.id).toBe(71);
    expect(everyShellMigrations.map((m) => m.id)).not.toContain(10);
  });

  it('runs the every-shell steps alone on a real SQLite file (none needs a hosted table)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-every-shell-'));
    const db = await Database.open(path.join(dir, 'data.sqlite'));
    try {
      expect(await migrate(db, everyShellMigrations)).toEqual(
        everyShellMigrations.map((m) => m.id),
      );
      const tables = await db.all<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'payment_orders'",
      );
      expect(tables).toEqual([]);
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
