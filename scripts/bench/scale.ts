// `npm run bench:scale` (issue 16): crawl jobs on the scaled job system, run by 1, 2 and 4
// worker PROCESSES on one machine against a throwaway Postgres, crawling a fixture site that
// answers every request after 50 ms (a real site's latency). Reports jobs per minute, pages per
// second, Postgres round trips per stored page (pg_stat_statements calls of the workers' role:
// their SQL and the queue engine's), and the p99 of `GET /api/crawl/{id}` from an API process
// polled while they run. Medians of BENCH_RUNS runs (default 3), a fresh database per run.
// Targets: 4 workers >= 3 x the pages per second of 1; p99 < 50 ms (reported, not failed).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migratePostgres, PgDatabase, startThrowawayCluster } from '@mapsmith/postgres';
import { postgresMigrations } from '../../packages/server/src/db/migrations-pg/index.js';
import { startFixtureSiteProcess } from '../../tests/fixtures/site/process.js';
import { type ApiProcess, BUILT_CLI, scaledEnv, startApiProcess } from './scale-api.js';
import { createBenchJobs, createBenchUsers } from './scale-data.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const JOBS = Number(process.env.BENCH_SCALE_JOBS ?? 12);
const PAGES = Number(process.env.BENCH_SCALE_PAGES ?? 100);
const WORKER_COUNTS = (process.env.BENCH_SCALE_WORKERS ?? '1,2,4').split(',').map(Number);
/** Per worker process: crawls at once, and requests at once per crawl. */
const CRAWLS_PER_WORKER = process.env.MAPSMITH_CRAWL_WORKERS ?? '1';
const CRAWL_CONCURRENCY = process.env.MAPSMITH_CRAWL_CONCURRENCY ?? '1';
const POLL_EVERY_MS = 50;
const root = path.resolve(import.meta.dirname, '../..');

interface RunResult {
  seconds: number;
  jobsPerMinute: number;
  pagesPerSecond: number;
  roundTripsPerPage: number;
  /** The queue's share: the engine's statements and the dispatch and claim of crawl rows. */
  queueTripsPerPage: number;
  p50Ms: number;
  p99Ms: number;
  polls: number;
  /** Every poll's time, so the runs' polls can be pooled (a p99 of one run is its ~4 slowest). */
  latencies: number[];
  /** The API process's Postgres statements per poll (its 8 most frequent: the poll's own). */
  apiTripsPerPoll: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function withDatabase(url: string, user: string, name: string): string {
  const u = new URL(url);
  u.username = user;
  u.pathname = `/${name}`;
  return u.toString();
}

/** Starts `mapsmith worker` and resolves once it takes jobs. */
function startWorker(databaseUrl: string): Promise<ChildProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-scale-worker-'));
  const child = spawn(process.execPath, [BUILT_CLI, 'worker'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...scaledEnv(databaseUrl, dataDir),
      MAPSMITH_CRAWL_WORKERS: CRAWLS_PER_WORKER,
      MAPSMITH_CRAWLS_PER_USER: CRAWLS_PER_WORKER,
      MAPSMITH_CRAWL_CONCURRENCY: CRAWL_CONCURRENCY,
    },
  });
  child.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (/worker is running/.test(out)) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

if (!fs.existsSync(BUILT_CLI)) {
  process.stderr.write('bench:scale needs the built server: run `npm run build:ts` first.\n');
  process.exit(2);
}
const cluster = await startThrowawayCluster();
const admin = new PgDatabase({ connectionString: cluster.url, max: 1 });
await admin.exec("ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'");
await admin.close();
await cluster.restart();
const setup = new PgDatabase({ connectionString: cluster.url, max: 1 });
await setup.exec(`CREATE EXTENSION IF NOT EXISTS pg_stat_statements;
  CREATE ROLE bench_worker LOGIN SUPERUSER; CREATE ROLE bench_api LOGIN SUPERUSER;`);
const site = await startFixtureSiteProcess({ pages: PAGES, latencyMs: 50 });
/** The workers' most frequent statements in the latest run, per stored page. */
let topStatements: string[] = [];
let apiStatements: string[] = [];
/** Why no API process could start (the p99 is then not measured), or undefined. */
let apiMissing: string | undefined;

async function runOnce(workers: number, run: number): Promise<RunResult> {
  const name = `scale_${workers}_${run}`;
  await setup.exec(`CREATE DATABASE ${name}`);
  const db = new PgDatabase({ connectionString: withDatabase(cluster.url, 'mapsmith', name) });
  await migratePostgres(db, postgresMigrations);
  const users = await createBenchUsers(db, JOBS);
  const procs = await Promise.all(
    Array.from({ length: workers }, () =>
      startWorker(withDatabase(cluster.url, 'bench_worker', name)),
    ),
  );
  let api: ApiProcess | undefined;
  try {
    if (process.env.BENCH_SCALE_API === '0') apiMissing = 'BENCH_SCALE_API=0';
    else
      api = await startApiProcess(withDatabase(cluster.url, 'bench_api', name)).catch((err) => {
        apiMissing ??= (err as Error).message.split('\n')[0];
        return undefined;
      });
    // Warm the API process (JIT, pool connections) on an unknown id before anything is timed.
    for (let i = 0; api && i < 30; i++)
      await fetch(`${api.url}/api/crawl/warm-up`, { headers: { Cookie: users[0]?.cookie ?? '' } })
        .then((r) => r.arrayBuffer())
        .catch(() => undefined);
    await setup.exec('SELECT pg_stat_statements_reset()');
    const began = performance.now();
    const ids = await createBenchJobs(db, users, site.url, PAGES);
    const latencies: number[] = [];
    let done = false;
    const poller = (async () => {
      for (let i = 0; api && !done; i++) {
        const id = ids[i % ids.length] as string;
        const user = users[i % users.length];
        const t0 = performance.now();
        const res = await fetch(`${api?.url}/api/crawl/${id}`, {
          headers: { Cookie: user?.cookie ?? '' },
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`GET /api/crawl/{id} answered ${res.status}`);
        await sleep(POLL_EVERY_MS);
      }
    })();
    for (;;) {
      const row = await db.first<{ over: number }>(
        "SELECT COUNT(*) AS over FROM crawl_jobs WHERE status IN ('completed', 'failed')",
      );
      if (Number(row?.over) >= JOBS) break;
      await sleep(200);
    }
    const seconds = (performance.now() - began) / 1000;
    done = true;
    await poller;
    const pages = await db.first<{ n: number; failed: number }>(
      `SELECT SUM(pages_crawled) AS n, SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END) AS failed
         FROM crawl_jobs`,
    );
    if (Number(pages?.failed) > 0) throw new Error(`${pages?.failed} crawl jobs failed`);
    const calls = await setup.first<{ calls: number }>(
      `SELECT SUM(calls) AS calls FROM pg_stat_statements
        WHERE userid = (SELECT oid FROM pg_roles WHERE rolname = 'bench_worker')`,
    );
    const queueCalls = await setup.first<{ calls: number }>(
      `SELECT SUM(calls) AS calls FROM pg_stat_statements
        WHERE userid = (SELECT oid FROM pg_roles WHERE rolname = 'bench_worker')
          AND (query LIKE '%pgboss.%' OR query LIKE '%lease_expires_at%' OR query LIKE '%SELECT status, attempts, pages_crawled%')`,
    );
    const apiTop = await setup.all<{ calls: number; query: string }>(
      `SELECT calls, query FROM pg_stat_statements
        WHERE userid = (SELECT oid FROM pg_roles WHERE rolname = 'bench_api')
        ORDER BY calls DESC LIMIT 8`,
    );
    const apiCalls = apiTop.reduce((sum, q) => sum + Number(q.calls), 0);
    apiStatements = apiTop.map(
      (q) =>
        `    ${(Number(q.calls) / Math.max(1, latencies.length)).toFixed(2)}/poll  ${q.query.replace(/\s+/g, ' ').slice(0, 110)}`,
    );
    const stored = Number(pages?.n);
    const top = await setup.all<{ calls: number; query: string }>(
      `SELECT calls, query FROM pg_stat_statements
        WHERE userid = (SELECT oid FROM pg_roles WHERE rolname = 'bench_worker')
        ORDER BY calls DESC LIMIT 8`,
    );
    topStatements = top.map(
      (q) =>
        `    ${(Number(q.calls) / stored).toFixed(2)}/page  ${q.query.replace(/\s+/g, ' ').slice(0, 110)}`,
    );
    return {
      seconds,
      jobsPerMinute: (JOBS / seconds) * 60,
      pagesPerSecond: stored / seconds,
      roundTripsPerPage: Number(calls?.calls) / stored,
      queueTripsPerPage: Number(queueCalls?.calls) / stored,
      p50Ms: latencies.length > 0 ? percentile(latencies, 50) : Number.NaN,
      p99Ms: latencies.length > 0 ? percentile(latencies, 99) : Number.NaN,
      polls: latencies.length,
      latencies,
      apiTripsPerPoll: apiCalls / Math.max(1, latencies.length),
    };
  } finally {
    await Promise.all([...procs.map(stopProcess), api?.close()]);
    await db.close();
    await setup.exec(`DROP DATABASE ${name} WITH (FORCE)`);
  }
}

process.stdout.write(
  `bench:scale on ${os.cpus().length} CPUs, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}: ` +
    `${JOBS} jobs of ${PAGES} pages, 50 ms per answer, ${CRAWLS_PER_WORKER} crawls x ${CRAWL_CONCURRENCY} requests per worker\n`,
);
const medians = new Map<number, RunResult>();
try {
  for (const workers of WORKER_COUNTS) {
    const results: RunResult[] = [];
    for (let run = 0; run < RUNS; run++) {
      const r = await runOnce(workers, run);
      results.push(r);
      process.stdout.write(
        `  ${workers} worker(s) run ${run + 1}: ${r.seconds.toFixed(1)} s, ${r.pagesPerSecond.toFixed(0)} pages/s, ${r.roundTripsPerPage.toFixed(2)} round trips/page, poll p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms (${r.polls} polls)\n`,
      );
    }
    const m: RunResult = {
      seconds: median(results.map((r) => r.seconds)),
      jobsPerMinute: median(results.map((r) => r.jobsPerMinute)),
      pagesPerSecond: median(results.map((r) => r.pagesPerSecond)),
      roundTripsPerPage: median(results.map((r) => r.roundTripsPerPage)),
      queueTripsPerPage: median(results.map((r) => r.queueTripsPerPage)),
      p50Ms: median(results.map((r) => r.p50Ms)),
      p99Ms: median(results.map((r) => r.p99Ms)),
      polls: median(results.map((r) => r.polls)),
      latencies: results.flatMap((r) => r.latencies),
      apiTripsPerPoll: median(results.map((r) => r.apiTripsPerPoll)),
    };
    medians.set(workers, m);
    if (process.env.BENCH_SCALE_STATEMENTS === '1')
      process.stdout.write(
        `  the workers' most frequent statements:\n${topStatements.join('\n')}\n`,
      );
    if (m.latencies.length > 0)
      process.stdout.write(
        `  ${workers} worker(s), the polls of all ${RUNS} runs pooled (${m.latencies.length}): p50 ${percentile(m.latencies, 50).toFixed(1)} ms, p90 ${percentile(m.latencies, 90).toFixed(1)} ms, p99 ${percentile(m.latencies, 99).toFixed(1)} ms; the API's statements per poll ${m.apiTripsPerPoll.toFixed(2)}\n`,
      );
    if (process.env.BENCH_SCALE_STATEMENTS === '1')
      process.stdout.write(`  the API's most frequent statements:\n${apiStatements.join('\n')}\n`);
    process.stdout.write(
      `${workers} worker(s) (median of ${RUNS}): ${m.jobsPerMinute.toFixed(1)} jobs/min, ${m.pagesPerSecond.toFixed(0)} pages/s, ${m.roundTripsPerPage.toFixed(2)} round trips/stored page (queue ${m.queueTripsPerPage.toFixed(2)}), GET /api/crawl/{id} p99 ${Number.isNaN(m.p99Ms) ? `not measured (${apiMissing})` : `${m.p99Ms.toFixed(1)} ms (p50 ${m.p50Ms.toFixed(1)} ms) ${m.p99Ms < 50 ? 'OK' : 'ABOVE TARGET'}`}\n`,
    );
  }
  const one = medians.get(1)?.pagesPerSecond;
  const four = medians.get(4)?.pagesPerSecond;
  if (one && four)
    process.stdout.write(
      `4 workers / 1 worker: ${(four / one).toFixed(2)} x ${four / one >= 3 ? 'OK' : 'BELOW TARGET'} (target >= 3 x)\n`,
    );
} finally {
  await site.close();
  await setup.close();
  await cluster.destroy();
}
