import fs from 'node:fs';
import path from 'node:path';
import sqlite3 from 'sqlite3';
import { sqliteDialect } from './dialect.js';
import { Mutex } from './mutex.js';
import { StatementCache } from './statement-cache.js';

/** A value SQLite can bind. */
export type SqlValue = string | number | bigint | null | Buffer | Uint8Array;

/** Statement parameters: positional or named. */
export type SqlParams = SqlValue[] | Record<string, SqlValue>;

/** What every query surface offers: the thin `all/first/run` trio (Actual's db.ts shape). */
export interface Queryable {
  /** SQLite's fragments of the SQL both databases share. */
  readonly dialect: typeof sqliteDialect;
  /** All rows of a query. */
  all<T>(sql: string, params?: SqlParams): Promise<T[]>;
  /** The first row, or `undefined`. */
  first<T>(sql: string, params?: SqlParams): Promise<T | undefined>;
  /** Runs a statement; returns the changed row count and the last inserted rowid. */
  run(sql: string, params?: SqlParams): Promise<{ changes: number; lastID: number }>;
  /** Runs a script of several statements without parameters. */
  exec(sql: string): Promise<void>;
}

/** The inside of a transaction: the query trio and the (free) key lock of the port. */
export type Transaction = Queryable & {
  /** Holds a key until the transaction ends: free here, one writer already runs alone. */
  lock(key: string): Promise<void>;
};

function open(file: string, mode: number): Promise<sqlite3.Database> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, mode, (err) => (err ? reject(err) : resolve(db)));
  });
}

function wrap(conn: sqlite3.Database, statements: StatementCache): Transaction {
  return {
    dialect: sqliteDialect,
    // One writer runs transactions one at a time: every key is already held.
    lock: async () => {},
    all: (sql, params = []) => statements.all(sql, params) as Promise<never>,
    // Through `all`, never the driver's `get`: `get` steps once and leaves its statement open
    // until its answer reaches the JS thread, and while it is open every statement of the
    // connection reads its snapshot, so a read started after a write resolved could miss it
    // (database.test.ts shows it). `all` ends its statement on the driver's thread.
    first: async (sql, params = []) => (await statements.all(sql, params))[0] as never,
    run: (sql, params = []) => statements.run(sql, params),
    exec: (sql) => exec(conn, sql),
  };
}

function exec(conn: sqlite3.Database, sql: string): Promise<void> {
  return new Promise((resolve, reject) => conn.exec(sql, (err) => (err ? reject(err) : resolve())));
}

/**
 * The SQLite database: one connection for writes, on which statements and transactions run
 * strictly one after another (the `sqlite3` driver would otherwise interleave statements of
 * concurrent transactions on a shared connection), and one read-only connection for reads,
 * which WAL mode lets proceed while a write is in progress.
 */
export class Database implements Queryable {
  /** SQLite's fragments of the SQL both databases share. */
  readonly dialect = sqliteDialect;
  private readonly writeLock = new Mutex();
  /** The query trio on each connection, through its kept prepared statements. */
  private readonly writes: Transaction;
  private readonly reads: Transaction;
  private readonly statements: StatementCache[];

  private constructor(
    /** Path of the database file. */
    readonly file: string,
    private readonly writer: sqlite3.Database,
    private readonly reader: sqlite3.Database,
  ) {
    const writerStatements = new StatementCache(writer);
    const readerStatements = reader === writer ? writerStatements : new StatementCache(reader);
    this.statements = [...new Set([writerStatements, readerStatements])];
    this.writes = wrap(writer, writerStatements);
    this.reads = wrap(reader, readerStatements);
  }

  /** Opens (creating if needed) the database file in WAL mode with a busy timeout. */
  static async open(file: string): Promise<Database> {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    const writer = await open(file, sqlite3.OPEN_READWRITE | sqlite3.OPEN_CREATE);
    await exec(
      writer,
      'PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;',
    );
    const reader = file === ':memory:' ? writer : await open(file, sqlite3.OPEN_READONLY);
    await exec(reader, 'PRAGMA busy_timeout = 5000;');
    return new Database(file, writer, reader);
  }

  /** Reads rows on the read connection. */
  all<T>(sql: string, params?: SqlParams): Promise<T[]> {
    return this.reads.all<T>(sql, params);
  }

  /** Reads the first row on the read connection. */
  first<T>(sql: string, params?: SqlParams): Promise<T | undefined> {
    return this.reads.first<T>(sql, params);
  }

  /** Runs one write statement, after any transaction in progress. */
  run(sql: string, params?: SqlParams): Promise<{ changes: number; lastID: number }> {
    return this.writeLock.run(() => this.writes.run(sql, params));
  }

  /**
   * Runs `work` in a `BEGIN IMMEDIATE` transaction on the write connection, alone: no other
   * write or transaction runs until it commits or rolls back. Reads inside `work` go through
   * `tx` so they see the transaction's own writes.
   */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.writeLock.run(async () => {
      const tx = this.writes;
      await exec(this.writer, 'BEGIN IMMEDIATE');
      try {
        const result = await work(tx);
        await exec(this.writer, 'COMMIT');
        return result;
      } catch (err) {
        await exec(this.writer, 'ROLLBACK').catch(() => undefined);
        throw err;
      }
    });
  }

  /** Runs a multi-statement script (migrations), alone. */
  exec(sql: string): Promise<void> {
    return this.writeLock.run(() => exec(this.writer, sql));
  }

  /** Writes a consistent copy of the database to `target` (`VACUUM INTO`). */
  backup(target: string): Promise<void> {
    return this.writeLock.run(() =>
      this.writes.run('VACUUM INTO ?', [target]).then(() => undefined),
    );
  }

  /** Finalizes the kept statements and closes both connections. */
  async close(): Promise<void> {
    await this.writeLock.run(async () => {
      for (const statements of this.statements) statements.close();
      const closeOne = (c: sqlite3.Database) =>
        new Promise<void>((resolve, reject) => c.close((err) => (err ? reject(err) : resolve())));
      if (this.reader !== this.writer) await closeOne(this.reader);
      await closeOne(this.writer);
    });
  }
}
