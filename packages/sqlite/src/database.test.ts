import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database } from './database.js';
import { type Migration, migrate } from './migrate.js';

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

  it('a read started after a write resolved sees it, though a read begun before is still being delivered', async () => {
    await db.run('CREATE TABLE t (n INTEGER NOT NULL)');
    await db.run('INSERT INTO t (n) VALUES (0)');
    for (let n = 1; n <= 5; n++) {
      // A read whose row takes a while to copy out (a large record on a loaded server): the
      // driver delivers it after the write below has committed.
      const early = db.first<{ n: number }>(
        'SELECT (SELECT n FROM t) AS n, zeroblob(40000000) AS large',
      );
      await new Promise((resolve) => setTimeout(resolve, 1));
      await db.run('UPDATE t SET n = ?', [n]);
      // The write has committed: every read started from here on sees it.
      const [first, all] = await Promise.all([
        db.first<{ n: number }>('SELECT n FROM t'),
        db.all<{ n: number }>('SELECT n FROM t'),
      ]);
      await early;
      expect({ first, all }).toEqual({ first: { n }, all: [{ n }] });
    }
  });

  it('backs up to a consistent copy with VACUUM INTO', async () => {
    await db.run('CREATE TABLE users (username TEXT)');
    await db.run("INSERT INTO users (username) VALUES ('ann')");
    const target = path.join(dir, 'backup.sqlite');
    await db.backup(target);
    const copy = await Database.open(target);
    expect(await copy.all('SELECT username FROM users')).toEqual([{ username: 'ann' }]);
    await copy.close();
  });
});

const STEPS: Migration[] = [
  { id: 1, name: 'jobs', up: 'CREATE TABLE jobs (id TEXT PRIMARY KEY)' },
  { id: 2, name: 'pages', up: 'CREATE TABLE pages (job_id TEXT, url TEXT)' },
  { id: 5, name: 'pages-title', up: 'ALTER TABLE pages ADD COLUMN title TEXT' },
];

describe('migrate', () => {
  it('applies each step once, in order, and records it', async () => {
    expect(await migrate(db, STEPS.slice(0, 2))).toEqual([1, 2]);
    expect(await migrate(db, STEPS)).toEqual([5]);
    expect(await migrate(db, STEPS)).toEqual([]);
    const names = await db.all<{ name: string }>('SELECT name FROM schema_migrations ORDER BY id');
    expect(names.map((n) => n.name)).toEqual(['jobs', 'pages', 'pages-title']);
  });

  it('leaves nothing of a failed step and says which failed', async () => {
    const broken = [
      ...STEPS,
      { id: 6, name: 'broken', up: 'CREATE TABLE x (a); CREATE TABLE x (a)' },
    ];
    await expect(migrate(db, broken)).rejects.toThrow(/already exists/);
    expect(await db.all("SELECT name FROM sqlite_master WHERE name = 'x'")).toEqual([]);
    expect(await migrate(db, STEPS)).toEqual([]);
  });

  it("adopts a database the desktop's earlier runner counted in user_version", async () => {
    // What that runner left: its first two steps run, `user_version` 2, no schema_migrations.
    await db.exec(`${STEPS[0]?.up}; ${STEPS[1]?.up}; PRAGMA user_version = 2;`);
    await db.run("INSERT INTO jobs (id) VALUES ('kept')");
    expect(await migrate(db, STEPS)).toEqual([5]);
    expect(await db.all('SELECT id FROM jobs')).toEqual([{ id: 'kept' }]);
  });
});
