import type { SqlParam } from '@mapsmith/core';
import type pg from 'pg';
import { translateError } from './errors.js';
import { toPostgresPlaceholders } from './placeholders.js';

/** What `pg` binds for a port parameter (bigint as text, bytes as a Buffer). */
export function toPgParams(params: readonly SqlParam[] | undefined): unknown[] | undefined {
  return params?.map((p) => {
    if (typeof p === 'bigint') return p.toString();
    if (p instanceof Uint8Array && !Buffer.isBuffer(p))
      return Buffer.from(p.buffer, p.byteOffset, p.byteLength);
    return p;
  });
}

/** Anything that runs a query: the pool or one checked-out client. */
type PgRunner = Pick<pg.Pool, 'query'> | pg.PoolClient;

/** Runs one statement with `?` placeholders on `runner`, connection errors made readable. */
export async function pgQuery<T>(
  runner: PgRunner,
  target: string,
  sql: string,
  params?: readonly SqlParam[],
): Promise<pg.QueryResult<T & pg.QueryResultRow>> {
  try {
    return await runner.query<T & pg.QueryResultRow>(
      toPostgresPlaceholders(sql),
      toPgParams(params),
    );
  } catch (err) {
    throw translateError(err, target);
  }
}
