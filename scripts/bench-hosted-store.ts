// `npm run bench:hosted-store` (issue 28 point 5): the hosted crawl as the server runs it (the
// built server in a child process, a Pro user's `POST /api/crawl`, the worker pool's
// `CrawlTask` writing every page, link and charge into the server's SQLite file) against
// `mapsmith crawl` over a memory store, on the same local site of 2,000 pages of ~23 KB with
// ~40 links each, with the same crawl settings (16 requests at once, 8 per host, no politeness
// delay, no parse threads: the server's crawl has none), in BENCH_RUNS alternating pairs
// (default 3). CPU is user + system of the server process over the crawl (from
// /proc/<pid>/stat, its every thread, SQLite's included; the site runs in a process of its
// own) and of the CLI process. Prints medians and the durable store's speed per CPU second as
// a share of the memory store's (target >= 0.6). Needs `npm run build:ts`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Database } from '../packages/server/src/db/database.js';
import { migrate } from '../packages/server/src/db/migrations/index.js';
import {
  BUILT_MAIN,
  call,
  createTestUser,
  spawnBuiltServer,
} from '../packages/server/src/repos/test-support.js';
import { databaseFile } from '../packages/server/src/server.js';
import { startFixtureSiteProcess } from '../tests/fixtures/site/process.js';

const PAGES = 2000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** The crawler's default in both shells (core `DEFAULT_CRAWL_OPTIONS.concurrency`). */
const CONCURRENCY = '16';
const root = path.resolve(import.meta.dirname, '..');
const CLI = path.join(root, 'packages/server/bin/mapsmith.js');
const TICK = 100;
/** How often the job is read while it runs: as the web's job page polls (`CRAWL_POLL_MS`). */
const POLL_MS = 2000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () => os.loadavg()[0]?.toFixed(1) ?? '?';

/** CPU seconds (user + system) of process `pid` so far, every thread of it. */
function processCpu(pid: number): number {
  // Fields 14 and 15 of /proc/<pid>/stat (after the parenthesised name): utime, stime in ticks.
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / TICK;
}

/** CPU seconds of this process's children waited for so far. */
function childrenCpu(): number {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[13] ?? 0) + Number(fields[14] ?? 0)) / TICK;
}

interface Run {
  wall: number;
  cpu: number;
  listed: number;
}

/** One hosted crawl of `url` on a fresh server and data folder: from the POST to `completed`. */
async function hostedCrawl(url: string): Promise<Run> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-bench-hosted-'));
  const db = await Database.open(databaseFile(dataDir));
  await migrate(db);
  const user = await createTestUser(db, { pro: true });
  await db.close();
  const server = await spawnBuiltServer(dataDir, {
    MAPSMITH_CRAWL_WORKERS: '1',
    MAPSMITH_CRAWL_CONCURRENCY: CONCURRENCY,
  });
  const pid = server.child.pid ?? 0;
  try {
    // Let the server's start (migrations, retention, first polls) settle before measuring.
    await sleep(1000);
    const cpu0 = processCpu(pid);
    const posted = Date.now();
    const res = await call(server.url, user, 'POST', '/api/crawl', { url });
    if (res.status !== 201) throw new Error(`the crawl was refused: ${await res.text()}`);
    const { jobId } = (await res.json()) as { jobId: string };
    for (;;) {
      await sleep(POLL_MS);
      const job = (await (await call(server.url, user, 'GET', `/api/crawl/${jobId}`)).json()) as {
        status: string;
        error: string | null;
        resultsTotal?: number;
        finishedAt?: string | null;
      };
      if (job.status === 'completed') {
        // From the POST to the job's end as the server dated it (not to the poll that saw it).
        const wall = (Date.parse(job.finishedAt ?? '') - posted) / 1000;
        return { wall, cpu: processCpu(pid) - cpu0, listed: job.resultsTotal ?? 0 };
      }
      if (job.status === 'failed') throw new Error(`the crawl failed: ${job.error}`);
    }
  } finally {
    // The measured crawl is over: the server's shutdown is not part of it.
    server.child.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One `mapsmith crawl` of `url` over a memory store, with the same settings. */
async function cliCrawl(url: string): Promise<Run> {
  const cpu0 = childrenCpu();
  const t0 = performance.now();
  const args = ['crawl', url, '--render', 'never', '--max-pages', String(PAGES * 2)];
  args.push('--concurrency', CONCURRENCY, '--parse-workers', '0', '--json');
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(CLI, args, { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
    let text = '';
    child.stdout.on('data', (d: Buffer) => {
      text += d;
    });
    child.on('error', reject);
    child.on('close', () => resolve(text));
  });
  const wall = (performance.now() - t0) / 1000;
  const listed = (JSON.parse(out) as { included?: number }).included ?? 0;
  return { wall, cpu: childrenCpu() - cpu0, listed };
}

async function main(): Promise<void> {
  if (!fs.existsSync(BUILT_MAIN)) {
    process.stdout.write('bench:hosted-store skipped: run `npm run build:ts` first\n');
    return;
  }
  const site = await startFixtureSiteProcess({
    pages: PAGES,
    robots: 'allow-all',
    weight: 'heavy',
  });
  const runs: Record<'hosted' | 'cli', Run[]> = { hosted: [], cli: [] };
  const crawls = { hosted: hostedCrawl, cli: cliCrawl };
  try {
    process.env.MAPSMITH_ALLOW_LOOPBACK = '1';
    for (let i = 0; i < RUNS; i++) {
      const order = (i % 2 === 0 ? ['hosted', 'cli'] : ['cli', 'hosted']) as (keyof typeof runs)[];
      for (const name of order) {
        const before = load();
        const r = await crawls[name](site.url);
        runs[name].push(r);
        process.stdout.write(
          `  run ${i + 1} ${name.padEnd(6)} ${r.wall.toFixed(2)} s, CPU ${r.cpu.toFixed(2)} s, ` +
            `listed ${r.listed} (load ${before}-${load()})\n`,
        );
      }
    }
  } finally {
    await site.close();
  }
  const expected = site.expectedStaticSitemapUrls.length;
  const complete = [...runs.hosted, ...runs.cli].every((r) => r.listed === expected);
  const [hw, cw] = [median(runs.hosted.map((r) => r.wall)), median(runs.cli.map((r) => r.wall))];
  const [hc, cc] = [median(runs.hosted.map((r) => r.cpu)), median(runs.cli.map((r) => r.cpu))];
  const paired = median(runs.hosted.map((r, i) => (runs.cli[i]?.cpu ?? 0) / r.cpu));
  process.stdout.write(
    `hosted crawl (server worker pool, CrawlTask, SQLite file) vs mapsmith crawl (memory store), ` +
      `${PAGES} pages of ~23 KB, median of ${RUNS}: wall ${hw.toFixed(2)} s (${(PAGES / hw).toFixed(0)} pages/s) ` +
      `vs ${cw.toFixed(2)} s (${(PAGES / cw).toFixed(0)} pages/s); CPU ${hc.toFixed(2)} s vs ${cc.toFixed(2)} s; ` +
      `the durable store at ${(cc / hc).toFixed(2)} x the memory store's speed per CPU second ` +
      `(median of the paired runs ${paired.toFixed(2)}; ${(cw / hw).toFixed(2)} x by wall time; target >= 0.6); ` +
      `listed ${complete ? `${expected} of ${expected} in every run` : 'INCOMPLETE'}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n`,
  );
  if (!complete) process.exitCode = 1;
}

await main();
