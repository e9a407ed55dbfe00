import type {
  Logger,
  SqlDatabase,
  SqlDialect,
  SqlParam,
  SqlTransaction,
  TransactionOptions,
} from '@mapsmith/core';
import { silentLogger } from '@mapsmith/core';
import pg from 'pg';
import { postgresDialect } from './dialect.js';
import { describeTarget, translateError } from './errors.js';
import { pgQuery } from './query.js';
import { runTransaction } from './transaction.js';

/** How to reach Postgres and what to report to. */
export interface PgDatabaseOptions {
  /** `postgres://user:password@host:port/db`; never logged or put in a message. */
  connectionString: string;
  /** The pool's size (connections this process may hold); 10 by default. */
  max?: number;
  /** Where lost connections are reported (the pool's `error` events); silent by default. */
  logger?: Logger;
  /** Shown in `pg_stat_activity`, e.g. `mapsmith-api`. */
  applicationName?: string;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * BIGINT, COUNT(*) and SUM (int8/numeric) as JS numbers, like SQLite's integers: ids and
 * counters stay far below 2^53. Set on this pool's clients only, not pg's global parsers.
 */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

/**
 * Core's `SqlDatabase` on a `pg.Pool`: the scaled server's storage. Each statement outside a
 * transaction takes any pooled connection; `transaction` holds one (see `runTransaction`).
 * A Postgres restart costs the statements that run while it is down (they fail with
 * "Postgres is unreachable at host:port"); the pool reconnects on the next one.
 */
export class PgDatabase implements SqlDatabase {
  /** Postgres' SQL fragments. */
  readonly dialect: SqlDialect = postgresDialect;
  /** `host:port`, for messages. */
  readonly target: string;
  private readonly pool: pg.Pool;
  private readonly logger: Logger;

  constructor(options: PgDatabaseOptions) {
    this.target = describeTarget(options.connectionString);
    this.logger = options.logger ?? silentLogger;
    this.pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.max ?? 10,
      application_name: options.applicationName ?? 'mapsmith',
      connectionTimeoutMillis: 10_000,
      idleTimeoutMillis: 30_000,
      types,
    });
    // An idle connection that dies (restart, network) must be logged, never crash the process.
    this.pool.on('error', (err) => {
      this.logger.warn('Postgres connection lost; the pool reconnects on the next query', {
        target: this.target,
        code: (err as { code?: string }).code,
        error: err.message,
      });
    });
  }

  /** Opens a pool and checks Postgres answers, so a wrong address fails at startup. */
  static async open(options: PgDatabaseOptions): Promise<PgDatabase> {
    const db = new PgDatabase(options);
    try {
      await db.first('SELECT 1 AS ok');
    } catch (err) {
      await db.close();
      throw err;
    }
    return db;
  }

  async all<T>(sql: string, params?: SqlParam[]): Promise<T[]> {
    return (await pgQuery<T>(this.pool, this.target, sql, params)).rows;
  }

  async first<T>(sql: string, params?: SqlParam[]): Promise<T | undefined> {
    return (await pgQuery<T>(this.pool, this.target, sql, params)).rows[0];
  }

  async run(sql: string, params?: SqlParam[]): Promise<{ changes: number }> {
    return { changes: (await pgQuery(this.pool, this.target, sql, params)).rowCount ?? 0 };
  }

  /** A multi-statement script, sent as one simple query (no parameters). */
  async exec(sql: string): Promise<void> {
    try {
      await this.pool.query(sql);
    } catch (err) {
      throw translateError(err, this.target);
    }
  }

  transaction<T>(
    work: (tx: SqlTransaction) => Promise<T>,
    options: TransactionOptions = {},
  ): Promise<T> {
    return runTransaction(this.checkout, this.target, this.logger, work, options.isolation);
  }

  /**
   * One pooled connection for the caller to hold (transactions, the migration lock). While it
   * holds it, the caller must listen for the client's `error` event (the pool only listens to
   * idle ones) and release it with `release(true)` when the connection broke.
   */
  readonly checkout = async (): Promise<pg.PoolClient> => {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      throw translateError(err, this.target);
    }
    return client;
  };

  /** Connections in use and idle, for health reports and benches. */
  poolStats(): { total: number; idle: number; waiting: number } {
    return {
      total: this.pool.totalCount,
      idle: this.pool.idleCount,
      waiting: this.pool.waitingCount,
    };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
