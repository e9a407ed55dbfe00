import { createHook } from 'node:async_hooks';
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

  it('a statement run again, idle between runs, holds no snapshot: a later read sees a later write', async () => {
    await db.run('CREATE TABLE t (n INTEGER NOT NULL)');
    await db.run('INSERT INTO t (n) VALUES (0)');
    for (let n = 1; n <= 5; n++) {
      // Run twice: from its second run on, the statement is kept on the read connection.
      expect(await db.first('SELECT n FROM t')).toEqual({ n: n - 1 });
      expect(await db.all('SELECT n FROM t')).toEqual([{ n: n - 1 }]);
      await db.run('UPDATE t SET n = ?', [n]);
      expect(await db.first('SELECT n FROM t')).toEqual({ n });
    }
  });

  it('ends a statement run for its changes that returns rows: its write commits at once', async () => {
    await db.run('CREATE TABLE t (n INTEGER NOT NULL)');
    for (let n = 1; n <= 4; n++) {
      await db.run('INSERT INTO t (n) VALUES (?) RETURNING n', [n]);
      await db.run('PRAGMA user_version = 7');
      // Committed: the read connection sees the row, and the writer can begin a transaction.
      expect(await db.first('SELECT COUNT(*) AS c FROM t')).toEqual({ c: n });
      await db.transaction(async (tx) => {
        await tx.run('UPDATE t SET n = n WHERE n = ? RETURNING n', [n]);
      });
    }
  });

  it('answers every one of many concurrent runs of the same statement with its own rows', async () => {
    await db.run('CREATE TABLE t (n INTEGER NOT NULL)');
    await db.run('INSERT INTO t (n) VALUES (1), (2), (3)');
    const sql = 'SELECT n FROM t WHERE n >= ? ORDER BY n';
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => db.all<{ n: number }>(sql, [(i % 4) + 1])),
      );
      expect(answers.map((rows) => rows.map((r) => r.n))).toEqual(
        Array.from({ length: 12 }, (_, i) => [1, 2, 3].filter((n) => n >= (i % 4) + 1)),
      );
    }
  });

  it('prepares a statement run again once per connection, in and out of transactions', async () => {
    await db.run('CREATE TABLE t (n INTEGER NOT NULL)');
    // The driver's trips to its thread pool, by kind (`Prepare`, `Bind`, `Run`, `All`).
    const trips = new Map<string, number>();
    const hook = createHook({
      init: (_id, type) => {
        if (type.startsWith('sqlite3.Statement.')) trips.set(type, (trips.get(type) ?? 0) + 1);
      },
    }).enable();
    try {
      for (let n = 0; n < 20; n++) {
        const { lastID } = await db.run('INSERT INTO t (n) VALUES (?)', [n]);
        await db.transaction(async (tx) => {
          await tx.run('UPDATE t SET n = n + 1 WHERE rowid = ?', [lastID]);
          await tx.first('SELECT COUNT(*) AS c FROM t');
        });
        await db.first('SELECT COUNT(*) AS c FROM t');
      }
    } finally {
      hook.disable();
    }
    // Three texts on the writer and one on the reader, each run as before the first time and
    // prepared to be kept the second: 8 prepares for 80 statements, and one trip for each
    // statement besides (the driver's own `all/run` prepare one per statement: 160 trips).
    expect(trips.get('sqlite3.Statement.Prepare')).toBe(8);
    expect([...trips.values()].reduce((a, b) => a + b)).toBe(88);
    expect(await db.first('SELECT COUNT(*) AS c, SUM(n) AS s FROM t')).toEqual({ c: 20, s: 210 });
  });

  it('runs a kept statement after the schema changes under it', async () => {
    await db.exec('CREATE TABLE t (a INTEGER)');
    for (let i = 0; i < 2; i++) {
      await db.run('INSERT INTO t (a) VALUES (?)', [i]);
      await db.all('SELECT * FROM t ORDER BY a');
    }
    await db.exec("ALTER TABLE t ADD COLUMN b TEXT DEFAULT 'x'; CREATE INDEX t_a ON t (a);");
    await db.run('INSERT INTO t (a) VALUES (?)', [2]);
    expect(await db.all('SELECT * FROM t ORDER BY a')).toEqual([
      { a: 0, b: 'x' },
      { a: 1, b: 'x' },
      { a: 2, b: 'x' },
    ]);
    await db.exec('DROP TABLE t');
    await expect(db.all('SELECT * FROM t ORDER BY a')).rejects.toThrow(/no such table/);
    await db.exec('CREATE TABLE t (a INTEGER, c INTEGER)');
    await db.run('INSERT INTO t (a, c) VALUES (?, ?)', [7, 8]);
    expect(await db.all('SELECT * FROM t ORDER BY a')).toEqual([{ a: 7, c: 8 }]);
  });

  it('keeps going after a statement fails to run or to prepare', async () => {
    await db.run('CREATE TABLE u (k TEXT PRIMARY KEY)');
    const insert = 'INSERT INTO u (k) VALUES (?)';
    for (const k of ['a', 'b', 'c']) {
      await db.run(insert, [k]);
      await expect(db.run(insert, [k])).rejects.toThrow(/UNIQUE constraint failed/);
    }
    await expect(
      db.transaction(async (tx) => {
        await tx.run(insert, ['d']);
        await tx.run(insert, ['d']);
      }),
    ).rejects.toThrow(/UNIQUE constraint failed/);
    await db.run(insert, ['d']);
    expect(await db.all('SELECT k FROM u ORDER BY k')).toEqual([
      { k: 'a' },
      { k: 'b' },
      { k: 'c' },
      { k: 'd' },
    ]);
    for (let i = 0; i < 3; i++) {
      await expect(db.all('SELECT k FROM missing')).rejects.toThrow(/no such table/);
      await expect(db.run('INSERT INTO missing VALUES (1)')).rejects.toThrow(/no such table/);
    }
    await db.run('CREATE TABLE missing (k TEXT)');
    await db.run('INSERT INTO missing VALUES (1)');
    expect(await db.all('SELECT k FROM missing')).toEqual([{ k: '1' }]);
  });

  it('closes with statements kept, evicted and running', async () => {
    const other = await Database.open(path.join(dir, 'other.sqlite'));
    await other.run('CREATE TABLE t (n INTEGER)');
    // More texts than a connection keeps, each run twice: the oldest are finalized.
    for (let i = 0; i < 200; i++)
      for (let run = 0; run < 2; run++) await other.first(`SELECT ${i} AS n FROM t`);
    await other.all('SELECT n FROM t');
    const running = other.all('SELECT n FROM t');
    await other.close();
    expect(await running).toEqual([]);
    const again = await Database.open(path.join(dir, 'other.sqlite'));
    expect(await again.all('SELECT n FROM t')).toEqual([]);
    await again.close();
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
