import type sqlite3 from 'sqlite3';
import { endsInOneStep } from './statement-kind.js';

/** Statement parameters as the driver binds them: positional or named. */
type Params = unknown[] | Record<string, unknown>;

/** Idle prepared statements kept per connection, across every SQL text. */
const KEPT = 150;
/** Idle prepared statements kept per SQL text (as many as ran at once, up to this). */
const KEPT_PER_TEXT = 4;
/** SQL texts remembered as run lately: the next run of one of them keeps its statement. */
const REMEMBERED = 300;

/**
 * The prepared statements of one connection, kept between runs by SQL text. The driver's
 * `Database#all/run` prepare a new statement (one trip to the thread pool and back to the loop),
 * run it (a second trip) and finalize it; a kept statement is bound and run in one trip, with no
 * new parse and plan. SQLite re-prepares a kept statement itself when the schema changes.
 *
 * - A statement runs one call at a time: the driver queues a second call on a statement until
 *   the first has answered on the loop, so a statement is taken out while it runs, and a call
 *   of the same text meanwhile prepares one of its own.
 * - `all` steps a statement to its end on the driver's thread, and `run` keeps only writes
 *   without `RETURNING`, which end in its one step: an idle statement holds no read snapshot
 *   and no transaction (database.test.ts shows both).
 * - A statement whose run failed is finalized, not kept.
 * - A text is kept from its second run on: SQL whose text varies with its rows (IN lists,
 *   multi-row VALUES) mostly runs once, as before, instead of pushing the statements that do
 *   repeat out of the cache and holding the memory of large programs nobody runs again.
 * - The least recently used statements past `KEPT` are finalized, and all at `close`.
 */
export class StatementCache {
  /** Idle statements by SQL text, least recently used text first. */
  private readonly idle = new Map<string, sqlite3.Statement[]>();
  private idleCount = 0;
  /** Texts run lately, least recently first: one of them is kept prepared when it runs again. */
  private readonly seen = new Set<string>();
  private closed = false;

  constructor(private readonly conn: sqlite3.Database) {}

  /** All rows of `sql`. */
  all(sql: string, params: Params): Promise<unknown[]> {
    return new Promise((resolve, reject) => {
      const stmt = this.take(sql, reject);
      const answer = (err: Error | null, rows: unknown[]) => {
        const failed = stmt ? this.give(sql, stmt, err) : err;
        if (failed) reject(failed);
        else resolve(rows);
      };
      if (stmt) stmt.all(params, answer);
      else this.conn.all(sql, params, answer);
    });
  }

  /** Runs `sql`: the changed row count and the last inserted rowid. */
  run(sql: string, params: Params): Promise<{ changes: number; lastID: number }> {
    return new Promise((resolve, reject) => {
      // Only writes without `RETURNING` are kept: the driver's `run` steps a statement once and
      // leaves it there, and one with rows to return (`RETURNING`, a query, a pragma) would stay
      // open with its transaction until its next run, where a finalized one ends at once.
      const stmt = endsInOneStep(sql) ? this.take(sql, reject) : undefined;
      const give = (err: Error | null) => (stmt ? this.give(sql, stmt, err) : err);
      const answer = function (this: sqlite3.RunResult, err: Error | null) {
        const failed = give(err);
        if (failed) reject(failed);
        else resolve({ changes: this.changes, lastID: this.lastID });
      };
      if (stmt) stmt.run(params, answer);
      else this.conn.run(sql, params, answer);
    });
  }

  /** Finalizes every idle statement; a running one is finalized when it answers. */
  close(): void {
    this.closed = true;
    for (const statements of this.idle.values()) for (const stmt of statements) stmt.finalize();
    this.idle.clear();
    this.idleCount = 0;
    this.seen.clear();
  }

  /**
   * A statement for `sql` to run alone: an idle one, a new one (whose failure to prepare
   * rejects through `fail`: the driver drops the calls queued on it), or none for a text
   * run for the first time (or after `close`), which the connection runs as before.
   */
  private take(sql: string, fail: (err: Error) => void): sqlite3.Statement | undefined {
    if (this.closed) return undefined;
    const statements = this.idle.get(sql);
    const kept = statements?.pop();
    if (kept) {
      this.idleCount--;
      if (statements?.length === 0) this.idle.delete(sql);
      return kept;
    }
    // Known texts move to the newest end of `seen`; a new one is remembered and run as before.
    if (!this.seen.delete(sql)) {
      this.seen.add(sql);
      if (this.seen.size > REMEMBERED) this.seen.delete(this.seen.values().next().value as string);
      return undefined;
    }
    this.seen.add(sql);
    // No callback to `prepare`: with one, the driver also schedules an empty bind, a trip of
    // its own. A failure to prepare is the statement's `error` event instead.
    const stmt = this.conn.prepare(sql);
    stmt.once('error', fail);
    return stmt;
  }

  /** Puts `stmt` back once it has answered (`err`, passed through), or finalizes it. */
  private give(sql: string, stmt: sqlite3.Statement, err: Error | null): Error | null {
    const statements = this.idle.get(sql) ?? [];
    if (err || this.closed || statements.length >= KEPT_PER_TEXT) {
      stmt.finalize();
      return err;
    }
    // Last in the map: the most recently used text.
    statements.push(stmt);
    this.idle.delete(sql);
    this.idle.set(sql, statements);
    this.idleCount++;
    while (this.idleCount > KEPT) {
      const [oldest, kept] = this.idle.entries().next().value as [string, sqlite3.Statement[]];
      kept.shift()?.finalize();
      this.idleCount--;
      if (kept.length === 0) this.idle.delete(oldest);
    }
    return err;
  }
}
