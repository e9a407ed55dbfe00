import type { Logger } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PostgresUnreachableError } from './errors.js';
import { migratePostgres } from './migrate.js';
import { PgDatabase } from './pg-database.js';
import {
  startThrowawayCluster,
  type ThrowawayCluster,
  whyNoThrowawayCluster,
} from './throwaway-cluster.js';
import { MAX_TRANSACTION_ATTEMPTS } from './transaction.js';

/**
 * The adapter against a real Postgres: its own throwaway cluster, since one test stops and
 * starts the server (the shared one of the global setup serves other suites meanwhile).
 */
const why = whyNoThrowawayCluster();
if (why) console.warn(`[postgres] adapter tests SKIPPED: ${why}`);

const SECRET = 'hunter2-not-for-logs';
let cluster: ThrowawayCluster;
let db: PgDatabase;
const logged: string[] = [];
const logger: Logger = {
  info: (m, f) => logged.push(`${m} ${JSON.stringify(f)}`),
  warn: (m, f) => logged.push(`${m} ${JSON.stringify(f)}`),
  error: (m, f) => logged.push(`${m} ${JSON.stringify(f)}`),
  debug: () => {},
};
/** The cluster's URL with a password (trust auth ignores it): it must never leak. */
const urlWithSecret = () => cluster.url.replace('mapsmith@', `mapsmith:${SECRET}@`);

describe.skipIf(Boolean(why))('PgDatabase', () => {
  beforeAll(async () => {
    cluster = await startThrowawayCluster();
    db = await PgDatabase.open({ connectionString: urlWithSecret(), logger });
  });
  afterAll(async () => {
    await db?.close();
    await cluster?.destroy();
  });

  it('returns BIGINT, COUNT, SUM and NUMERIC as numbers, bytes as bytes', async () => {
    await db.exec(
      'CREATE TABLE nums (n BIGINT, d NUMERIC, b BYTEA); INSERT INTO nums VALUES (1, 2.5, NULL)',
    );
    await db.run('INSERT INTO nums VALUES (?, ?, ?)', [
      2n ** 40n,
      0.25,
      new Uint8Array([1, 2, 255]),
    ]);
    const row = await db.first<{ c: unknown; s: unknown; m: unknown; d: unknown }>(
      'SELECT COUNT(*) AS c, SUM(n) AS s, MAX(n) AS m, SUM(d) AS d FROM nums',
    );
    expect(row).toEqual({ c: 2, s: 2 ** 40 + 1, m: 2 ** 40, d: 2.75 });
    const bytes = await db.first<{ b: Buffer }>('SELECT b FROM nums WHERE b IS NOT NULL');
    expect([...(bytes?.b ?? [])]).toEqual([1, 2, 255]);
  });

  it('reports changed rows and runs multi-statement scripts', async () => {
    await db.exec(
      "CREATE TABLE kv (k TEXT PRIMARY KEY, v BIGINT); INSERT INTO kv VALUES ('a', 1), ('b', 2);",
    );
    expect(await db.run('UPDATE kv SET v = v + ? WHERE v >= ?', [10, 1])).toEqual({ changes: 2 });
    expect(await db.run("DELETE FROM kv WHERE k = 'none'")).toEqual({ changes: 0 });
    expect(await db.all('SELECT k, v FROM kv ORDER BY k')).toEqual([
      { k: 'a', v: 11 },
      { k: 'b', v: 12 },
    ]);
  });

  it('commits, and rolls back when work throws', async () => {
    await db.exec('CREATE TABLE t1 (x BIGINT)');
    await db.transaction((tx) => tx.run('INSERT INTO t1 VALUES (?)', [1]));
    await expect(
      db.transaction(async (tx) => {
        await tx.run('INSERT INTO t1 VALUES (?)', [2]);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.all('SELECT x FROM t1')).toEqual([{ x: 1 }]);
  });

  it('runs transactions SERIALIZABLE unless asked for READ COMMITTED, set by the BEGIN', async () => {
    const level = (options?: { isolation: 'read committed' }) =>
      db.transaction(
        async (tx) =>
          (await tx.first<{ transaction_isolation: string }>('SHOW transaction_isolation'))
            ?.transaction_isolation,
        options,
      );
    expect(await level()).toBe('serializable');
    expect(await level({ isolation: 'read committed' })).toBe('read committed');
  });

  it('retries read-then-write transactions that lose a conflict: no lost update', async () => {
    await db.exec('CREATE TABLE counter (n BIGINT NOT NULL); INSERT INTO counter VALUES (0)');
    let runs = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        db.transaction(async (tx) => {
          runs += 1;
          const row = await tx.first<{ n: number }>('SELECT n FROM counter');
          await new Promise((resolve) => setTimeout(resolve, 5));
          await tx.run('UPDATE counter SET n = ?', [(row?.n ?? 0) + 1]);
        }),
      ),
    );
    expect((await db.first<{ n: number }>('SELECT n FROM counter'))?.n).toBe(8);
    expect(runs).toBeGreaterThan(8);
  });

  it('tx.lock taken first makes the next holder see the committed write (no retry)', async () => {
    await db.exec('CREATE TABLE locked (n BIGINT NOT NULL); INSERT INTO locked VALUES (0)');
    let runs = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        db.transaction(async (tx) => {
          runs += 1;
          await tx.lock('counter:locked');
          const row = await tx.first<{ n: number }>('SELECT n FROM locked');
          await new Promise((resolve) => setTimeout(resolve, 5));
          await tx.run('UPDATE locked SET n = ?', [(row?.n ?? 0) + 1]);
        }),
      ),
    );
    expect((await db.first<{ n: number }>('SELECT n FROM locked'))?.n).toBe(8);
    expect(runs).toBe(8);
    const held = await db.first<{ n: number }>(
      "SELECT COUNT(*) AS n FROM pg_locks WHERE locktype = 'advisory'",
    );
    expect(held?.n).toBe(0);
  });

  it('gives up after a bounded number of attempts', async () => {
    let runs = 0;
    const conflict = Object.assign(new Error('could not serialize access'), { code: '40001' });
    await expect(
      db.transaction(async () => {
        runs += 1;
        throw conflict;
      }),
    ).rejects.toBe(conflict);
    expect(runs).toBe(MAX_TRANSACTION_ATTEMPTS);
  });

  it('applies each migration step exactly once when 4 processes migrate at once', async () => {
    const steps = [
      {
        id: 1,
        name: 'log',
        up: 'CREATE TABLE mig_log (step BIGINT); INSERT INTO mig_log VALUES (1);',
      },
      { id: 2, name: 'more', up: 'INSERT INTO mig_log VALUES (2);' },
    ];
    const nodes = Array.from(
      { length: 4 },
      () => new PgDatabase({ connectionString: cluster.url }),
    );
    try {
      const applied = await Promise.all(nodes.map((node) => migratePostgres(node, steps)));
      expect(applied.flat().sort()).toEqual([1, 2]);
      expect(await db.all('SELECT step FROM mig_log ORDER BY step')).toEqual([
        { step: 1 },
        { step: 2 },
      ]);
      expect(await migratePostgres(db, steps)).toEqual([]);
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
    }
  });

  it('rides out a Postgres restart: clear errors while down, works again after, no secret', async () => {
    await db.first('SELECT 1');
    await cluster.stopServer();
    let down: unknown;
    try {
      await db.first('SELECT 1');
    } catch (err) {
      down = err;
    }
    expect(down).toBeInstanceOf(PostgresUnreachableError);
    expect((down as Error).message).toContain(
      `Postgres is unreachable at 127.0.0.1:${cluster.port}`,
    );
    await expect(db.transaction((tx) => tx.first('SELECT 1'))).rejects.toThrow(
      'Postgres is unreachable',
    );
    await cluster.startServer();
    await vi.waitFor(async () => expect(await db.first('SELECT 1 AS ok')).toEqual({ ok: 1 }), {
      timeout: 10_000,
    });
    expect(await db.transaction((tx) => tx.first('SELECT 2 AS ok'))).toEqual({ ok: 2 });
    expect(logged.some((line) => line.includes('connection lost'))).toBe(true);
    expect(logged.join('\n')).not.toContain(SECRET);
    expect(String((down as Error).stack)).not.toContain(SECRET);
  });

  it('names the address, not the password, when Postgres is not there at all', async () => {
    const url = `postgres://u:${SECRET}@127.0.0.1:1/none`;
    const err = await PgDatabase.open({ connectionString: url }).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/^Postgres is unreachable at 127\.0\.0\.1:1/);
    expect(JSON.stringify(err) + String((err as Error).stack)).not.toContain(SECRET);
  });
});
