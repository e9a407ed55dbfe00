import fs from 'node:fs';
import path from 'node:path';
import sqlite3 from 'sqlite3';

/** A value SQLite can bind. */
export type SqlValue = string | number | null;

/**
 * The desktop's thin SQLite wrapper (`all/first/run/exec`). One connection is enough here: one
 * user, one window, and writes are small. Statements are serialized by the driver.
 */
export interface Sqlite {
  /** All rows of a query. */
  all<T>(sql: string, params?: SqlValue[]): Promise<T[]>;
  /** The first row, or `undefined`. */
  first<T>(sql: string, params?: SqlValue[]): Promise<T | undefined>;
  /** Runs one statement; returns the changed row count. */
  run(sql: string, params?: SqlValue[]): Promise<{ changes: number }>;
  /** Runs a script of several statements without parameters. */
  exec(sql: string): Promise<void>;
  /** Closes the connection. */
  close(): Promise<void>;
}

/** Opens (creating if needed) the SQLite file at `file` in WAL mode. */
export async function openSqlite(file: string): Promise<Sqlite> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = await new Promise<sqlite3.Database>((resolve, reject) => {
    const conn = new sqlite3.Database(file, (err) => (err ? reject(err) : resolve(conn)));
  });
  // serialize() keeps statements in call order, so a write is never overtaken by a later read.
  db.serialize();
  const wrapper: Sqlite = {
    all: (sql, params = []) =>
      new Promise((resolve, reject) =>
        db.all(sql, params, (err, rows) => (err ? reject(err) : resolve(rows as never))),
      ),
    first: (sql, params = []) =>
      new Promise((resolve, reject) =>
        db.get(sql, params, (err, row) => (err ? reject(err) : resolve(row as never))),
      ),
    run: (sql, params = []) =>
      new Promise((resolve, reject) =>
        db.run(sql, params, function (this: sqlite3.RunResult, err: Error | null) {
          if (err) reject(err);
          else resolve({ changes: this.changes });
        }),
      ),
    exec: (sql) =>
      new Promise((resolve, reject) => db.exec(sql, (e) => (e ? reject(e) : resolve()))),
    close: () => new Promise((resolve, reject) => db.close((e) => (e ? reject(e) : resolve()))),
  };
  await wrapper.exec(
    'PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;',
  );
  return wrapper;
}
