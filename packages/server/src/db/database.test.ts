import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database } from './database.js';
import { migrate, migrations } from './migrations/index.js';

let dir: string;
let db: Database;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-db-'));
  db = await Database.open(path.join(dir, 'test.sqlite'));
});

afterEach(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('Database', () => {
  it('runs in WAL mode', async () => {
    const row = await db.first<{ journal_mode: string }>('PRAGMA journal_mode');
    expect(row?.journal_mode).toBe('wal');
  });

  it('serializes concurrent read-modify-write transactions: no lost update', async () => {
    await db.run('CREATE TABLE counter (n INTEGER NOT NULL)');
    await db.run('INSERT INTO counter (n) VALUES (0)');
    await Promise.all(
      Array.from({ length: 50 }, () =>
        db.transaction(async (tx) => {
          const row = await tx.first<{ n: number }>('SELECT n FROM counter');
          await new Promise((resolve) => setTimeout(resolve, 1));
          await tx.run('UPDATE counter SET n = ?', [(row?.n ?? 0) + 1]);
        }),
      ),
    );
    expect((await db.first<{ n: number }>('SELECT n FROM counter'))?.n).toBe(50);
  });

  it('rolls a failed transaction back and keeps going', async () => {
    await db.run('CREATE TABLE t (v TEXT)');
    await expect(
      db.transaction(async (tx) => {
        await tx.run("INSERT INTO t VALUES ('lost')");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await db.run("INSERT INTO t VALUES ('kept')");
    expect(await db.all('SELECT v FROM t')).toEqual([{ v: 'kept' }]);
  });

  it('applies migrations once', async () => {
    expect(await migrate(db)).toEqual(migrations.map((m) => m.id));
    expect(await migrate(db)).toEqual([]);
    const tables = await db.all<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
    );
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining(['users', 'sessions', 'schema_migrations']),
    );
  });

  it('backs up to a consistent copy with VACUUM INTO', async () => {
    await migrate(db);
    await db.run(
      "INSERT INTO users (username, email, password_hash) VALUES ('ann', 'ann@example.com', 'x')",
    );
    const target = path.join(dir, 'backup.sqlite');
    await db.backup(target);
    const copy = await Database.open(target);
    expect(await copy.all('SELECT username FROM users')).toEqual([{ username: 'ann' }]);
    await copy.close();
  });
});
