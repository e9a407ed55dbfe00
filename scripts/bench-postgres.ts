// `npm run bench:postgres`: what one Postgres round trip costs the server, next to SQLite.
// Medians of RUNS runs of: a trivial query (SELECT 1), a one-statement transaction, and 8
// concurrent writers incrementing one row by read-then-write (how often SERIALIZABLE makes a
// transaction run again), with `tx.lock` first and as one atomic UPDATE for comparison.
// Uses a throwaway cluster unless MAPSMITH_BENCH_DATABASE_URL names a database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SqlDatabase } from '@mapsmith/core';
import { PgDatabase, startThrowawayCluster, type ThrowawayCluster } from '@mapsmith/postgres';
import { Database } from '@mapsmith/sqlite';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 500);
const WRITERS = 8;
const INCREMENTS = Number(process.env.BENCH_INCREMENTS ?? 40);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const out = (line: string) => process.stdout.write(`${line}\n`);

/** Microseconds per call of `op`, `n` calls in sequence: the median of RUNS runs. */
async function perCall(n: number, op: () => Promise<unknown>): Promise<number> {
  const runs: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const start = performance.now();
    for (let i = 0; i < n; i++) await op();
    runs.push(((performance.now() - start) * 1000) / n);
  }
  return median(runs);
}

type Mode = 'read-then-write' | 'lock first' | 'atomic update' | 'atomic, no transaction';

/** 8 writers × INCREMENTS increments of one row; returns work runs per commit and the time. */
async function contention(db: SqlDatabase, mode: Mode) {
  const rates: number[] = [];
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    await db.run('UPDATE bench_counter SET n = 0');
    let runs = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        for (let i = 0; i < INCREMENTS; i++) {
          if (mode === 'atomic, no transaction') {
            runs += 1;
            await db.run('UPDATE bench_counter SET n = n + 1');
            continue;
          }
          await db.transaction(async (tx) => {
            runs += 1;
            if (mode === 'atomic update') {
              await tx.run('UPDATE bench_counter SET n = n + 1');
              return;
            }
            if (mode === 'lock first') await tx.lock('bench:counter');
            const row = await tx.first<{ n: number }>('SELECT n FROM bench_counter');
            await tx.run('UPDATE bench_counter SET n = ?', [(row?.n ?? 0) + 1]);
          });
        }
      }),
    );
    times.push(performance.now() - start);
    const total = (await db.first<{ n: number }>('SELECT n FROM bench_counter'))?.n;
    if (total !== WRITERS * INCREMENTS) throw new Error(`lost updates: ${total}`);
    rates.push((runs - WRITERS * INCREMENTS) / (WRITERS * INCREMENTS));
  }
  return { retryRate: median(rates), ms: median(times) };
}

async function measure(name: string, db: SqlDatabase): Promise<void> {
  await db.exec(
    'DROP TABLE IF EXISTS bench_counter; CREATE TABLE bench_counter (n BIGINT NOT NULL); INSERT INTO bench_counter VALUES (0)',
  );
  const select = await perCall(QUERIES, () => db.first('SELECT 1 AS one'));
  const update = await perCall(QUERIES / 5, () => db.run('UPDATE bench_counter SET n = n + 1'));
  const tx = await perCall(QUERIES / 5, () =>
    db.transaction((t) => t.run('UPDATE bench_counter SET n = n + 1')),
  );
  const readTx = await perCall(QUERIES / 5, () => db.transaction((t) => t.first('SELECT 1')));
  out(
    `${name}: SELECT 1 ${select.toFixed(0)} µs, UPDATE ${update.toFixed(0)} µs, ` +
      `transaction (1 UPDATE) ${tx.toFixed(0)} µs, transaction (SELECT 1) ${readTx.toFixed(0)} µs`,
  );
  const modes = ['read-then-write', 'lock first', 'atomic update', 'atomic, no transaction'];
  for (const mode of modes as Mode[]) {
    const { retryRate, ms } = await contention(db, mode);
    out(
      `${name}: ${WRITERS} writers × ${INCREMENTS} increments, ${mode}: ` +
        `${(retryRate * 100).toFixed(1)}% extra runs (retries per commit), ${ms.toFixed(0)} ms`,
    );
  }
  await db.exec('DROP TABLE bench_counter');
}

const given = process.env.MAPSMITH_BENCH_DATABASE_URL;
let cluster: ThrowawayCluster | undefined;
if (!given) cluster = await startThrowawayCluster();
const pg = new PgDatabase({ connectionString: given ?? (cluster as ThrowawayCluster).url });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-bench-pg-'));
const lite = await Database.open(path.join(dir, 'bench.sqlite'));
try {
  out(`medians of ${RUNS} runs; Postgres ${given ? 'given' : 'throwaway (fsync off)'}`);
  await measure('postgres', pg);
  await measure('sqlite', lite);
} finally {
  await pg.close();
  await lite.close();
  fs.rmSync(dir, { recursive: true, force: true });
  await cluster?.destroy();
}
