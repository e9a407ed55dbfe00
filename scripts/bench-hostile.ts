// `npm run bench:hostile`: the floods of the attack report (issue 19 point 3) against the built
// server, a fresh child process per row so its memory is measured alone:
// - N concurrent anonymous GET /api/fetch-sitemap of a 45 MB sitemap from 1, 2 and 60 client
//   addresses (through the trusted loopback proxy's X-Forwarded-For);
// - 8 concurrent GET /api/crawl/{id} of a finished 300,000-page job, three times over;
// - 128 anonymous POST /api/audit of 55 MB JSON gzip-encoded, and 24 sent plain (2026-11-26 F1;
//   rows 6 and 7);
// - heavy Pro work (scripts/bench-hostile-pro.ts): an audit of 100,000 URLs while a bulk list of
//   50 sites crawls, and an audit of an index of 100 gzipped 49 MB children, each run
//   BENCH_PRO_RUNS (3) times with the median printed; budget /api/health p99 < 250 ms, max < 1 s.
// Meanwhile /api/health is timed every 100 ms from a worker thread, and the server's own event
// loop delay is measured inside it (scripts/bench-hostile-loop.mjs). Prints the answers, the
// server's CPU time (and its event loop thread's share), peak
// RSS, health p50/p99/max, loop delay and the load average; fails when RSS passes 600 MB or
// health 500 ms. Needs `npm run build:ts` first.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import { BUILT_MAIN, spawnBuiltServer } from '../packages/server/src/repos/test-support.js';
import { type SeededJob, seedBigJob } from './bench-hostile-job.js';
import { auditAndBulkFlood, listingFlood, startProFixtures } from './bench-hostile-pro.js';

const SITEMAP_MB = Number(process.env.BENCH_SITEMAP_MB ?? 45);
const JOB_PAGES = Number(process.env.BENCH_JOB_PAGES ?? 300_000);
const RSS_BUDGET_MB = 600;
const HEALTH_BUDGET_MS = 500;
const PRO_RUNS = Number(process.env.BENCH_PRO_RUNS ?? 3);
const LOOP_PRELOAD = fileURLToPath(new URL('./bench-hostile-loop.mjs', import.meta.url));

if (!fs.existsSync(BUILT_MAIN)) {
  process.stderr.write('bench:hostile needs the built server: run `npm run build:ts` first.\n');
  process.exit(2);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

function rssMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
}

/** CPU seconds (user + system) used so far by the process `pid`, or by its main thread alone. */
function cpuSeconds(pid: number, mainThreadOnly = false): number {
  const file = mainThreadOnly ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
  const stat = fs.readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Times GET /api/health every 100 ms until told to stop, then posts the times (ms). */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const times = [];
let stop = false;
parentPort.once('message', () => { stop = true; });
(async () => {
  while (!stop) {
    const t0 = performance.now();
    const res = await fetch(workerData);
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 100));
  }
  parentPort.postMessage(times);
})();
`;

/** One 45 MB urlset, built once and served to every request. */
function sitemapBytes(): Buffer {
  const entry = '<url><loc>https://example.com/a/very/long/path/to/some/page/number/';
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
  ];
  let size = parts[0]?.length ?? 0;
  for (let i = 0; size < SITEMAP_MB * 1024 * 1024; i++) {
    const line = `${entry}${i}</loc></url>\n`;
    parts.push(line);
    size += line.length;
  }
  parts.push('</urlset>\n');
  return Buffer.from(parts.join(''));
}

/**
 * GETs `url` and reads the answer to its end without keeping it (node:http, not fetch: reading
 * 45 MB through web streams costs the bench more CPU than the server spends on it, and the two
 * share the machine). Resolves with the status and the body's size.
 */
function get(url: string, headers: Record<string, string>): Promise<[number, number]> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
        });
        res.on('end', () => resolve([res.statusCode ?? 0, size]));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

interface Flood {
  label: string;
  seed?: (dataDir: string) => Promise<SeededJob>;
  run: (serverUrl: string, job: SeededJob | undefined) => Promise<Array<[number, number]>>;
  /** Health budgets of this row (ms); the floods' 500 ms max by default. */
  budget?: { p99: number; max: number };
  /** Runs of this row, the median printed after them. */
  runs?: number;
}

/** One measured run of a row. */
interface Measured {
  line: string;
  kept: boolean;
  p99: number;
  max: number;
}

const body = sitemapBytes();
const site = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/xml', 'content-length': body.length });
  res.end(body);
});
await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
const sitemapUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/sitemap.xml`;

const sitemapFlood = (requests: number, addresses: number): Flood => ({
  label: `${requests} x GET /api/fetch-sitemap (${(body.length / 1024 / 1024).toFixed(0)} MB) from ${addresses} address(es)`,
  run: (server) =>
    Promise.all(
      Array.from({ length: requests }, (_, i) =>
        get(`${server}/api/fetch-sitemap?url=${encodeURIComponent(sitemapUrl)}`, {
          'X-Forwarded-For': `198.51.100.${(i % addresses) + 1}`,
        }),
      ),
    ),
});

const pollFlood: Flood = {
  label: `8 x GET /api/crawl/{id} of a ${JOB_PAGES.toLocaleString('en')}-page job, 3 rounds`,
  seed: (dataDir) => seedBigJob(dataDir, JOB_PAGES),
  run: async (server, job) => {
    const answers: Array<[number, number]> = [];
    for (let round = 0; round < 3; round++) {
      const url = `${server}/api/crawl/${job?.jobId}`;
      const cookie = job?.cookie ?? '';
      answers.push(...(await Promise.all(Array.from({ length: 8 }, () => get(url, { cookie })))));
    }
    return answers;
  },
};

/**
 * POSTs `payload` to `url` as sent, answering [status, bytes of answer] as soon as the answer is
 * in: a client that has its answer stops uploading (attack 2026-11-26, F1).
 */
function post(
  url: string,
  payload: Buffer,
  headers: Record<string, string>,
): Promise<[number, number]> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': payload.length, ...headers },
    });
    req.on('response', (res) => {
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      res.on('end', () => {
        resolve([res.statusCode ?? 0, size]);
        req.destroy();
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** The attack's audit upload: 55 MB of JSON, sent plain or gzip-encoded (56 KB on the wire). */
const UPLOAD = Buffer.from(`{"content":"${'a'.repeat(55 * 1024 * 1024)}"}`);
const UPLOAD_GZ = zlib.gzipSync(UPLOAD, { level: 9 });

const uploadFlood = (requests: number, gzip: boolean): Flood => ({
  label: `${requests} x anonymous POST /api/audit of 55 MB JSON${gzip ? ` gzip-encoded (${(UPLOAD_GZ.length / 1024).toFixed(0)} KB each)` : ''}`,
  run: (server) =>
    Promise.all(
      Array.from({ length: requests }, () =>
        gzip
          ? post(`${server}/api/audit`, UPLOAD_GZ, { 'content-encoding': 'gzip' })
          : post(`${server}/api/audit`, UPLOAD, {}),
      ),
    ),
});

// BENCH_FLOODS=2,3 runs only those rows (0-based), to compare one change quickly.
const chosen = (i: number) =>
  !process.env.BENCH_FLOODS || process.env.BENCH_FLOODS.split(',').includes(String(i));
const pro = chosen(4) || chosen(5) ? await startProFixtures() : undefined;
const PRO_BUDGET = { p99: 250, max: 1000 };
const FLOODS: Flood[] = (
  [
    sitemapFlood(60, 1),
    sitemapFlood(120, 2),
    sitemapFlood(60, 60),
    pollFlood,
    pro ? { ...auditAndBulkFlood(pro), budget: PRO_BUDGET, runs: PRO_RUNS } : null,
    pro ? { ...listingFlood(pro), budget: PRO_BUDGET, runs: PRO_RUNS } : null,
    uploadFlood(128, true),
    uploadFlood(24, false),
  ] as Array<Flood | null>
).filter((flood, i): flood is Flood => flood !== null && chosen(i));

/** Runs one flood against a fresh server; answers its line and whether it kept the budgets. */
async function measure(flood: Flood): Promise<Measured> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-bench-hostile-'));
  const loopFile = path.join(dataDir, 'loop.json');
  const job = await flood.seed?.(dataDir);
  const server = await spawnBuiltServer(dataDir, {
    NODE_OPTIONS: `--import=${LOOP_PRELOAD}`,
    BENCH_LOOP_FILE: loopFile,
  });
  const pid = server.child.pid ?? 0;
  try {
    // The same probe on the idle server first: on a busy machine it is never 0.
    const quiet: number[] = [];
    for (let i = 0; i < 10; i++) {
      const q0 = performance.now();
      await get(`${server.url}/api/health`, {});
      quiet.push(performance.now() - q0);
      await new Promise((r) => setTimeout(r, 100));
    }
    const idle = rssMb(pid, 'VmRSS');
    // Timed from a worker thread: its event loop is not busy reading the flood's answers.
    const probe = new Worker(PROBE, { eval: true, workerData: `${server.url}/api/health` });
    const health = new Promise<number[]>((resolve) => probe.once('message', resolve));
    const cpu0 = [cpuSeconds(pid), cpuSeconds(pid, true)];
    const t0 = performance.now();
    const answers = await flood.run(server.url, job);
    const cpu = [cpuSeconds(pid) - (cpu0[0] ?? 0), cpuSeconds(pid, true) - (cpu0[1] ?? 0)];
    const wallS = (performance.now() - t0) / 1000;
    probe.postMessage('stop');
    const times = await health;
    await probe.terminate();
    const peak = rssMb(pid, 'VmHWM');
    const counts = new Map<string, number>();
    for (const [status, size] of answers) {
      const key = status === 200 ? `200 (${(size / 1024).toFixed(0)} KB)` : String(status);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    server.child.kill('SIGTERM');
    await server.exited;
    const loop = JSON.parse(fs.readFileSync(loopFile, 'utf8')) as Record<string, number>;
    const worst = times.reduce((a, b) => Math.max(a, b), 0);
    const p99 = percentile(times, 99);
    const line = [
      `  ${flood.label}: ${[...counts].map(([s, n]) => `${n} x ${s}`).join(', ')} in ${wallS.toFixed(1)} s; server CPU ${cpu[0]?.toFixed(1)} s, of which its event loop's thread ${cpu[1]?.toFixed(1)} s`,
      `    RSS ${idle.toFixed(0)} -> peak ${peak.toFixed(0)} MB; /api/health p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${worst.toFixed(0)} ms (${times.length} probes; idle p50 ${percentile(quiet, 50).toFixed(0)} ms); in the server: event loop delay p99 ${loop.p99} ms, max ${loop.max} ms, /api/health max ${loop.healthMax} ms; load average ${os.loadavg()[0]?.toFixed(1)}`,
    ].join('\n');
    const budget = flood.budget ?? { p99: HEALTH_BUDGET_MS, max: HEALTH_BUDGET_MS };
    const kept = peak <= RSS_BUDGET_MB && p99 <= budget.p99 && worst <= budget.max;
    return { line, kept, p99, max: worst };
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const lines = ['bench:hostile: floods against the built server'];
let failed = false;
try {
  for (const flood of FLOODS) {
    const runs: Measured[] = [];
    for (let i = 0; i < (flood.runs ?? 1); i++) runs.push(await measure(flood));
    for (const run of runs) lines.push(run.line);
    if (runs.length > 1) {
      const mid = (values: number[]) => percentile(values, 50).toFixed(0);
      lines.push(
        `    median of ${runs.length}: /api/health p99 ${mid(runs.map((r) => r.p99))} ms, max ${mid(runs.map((r) => r.max))} ms (budget p99 < ${flood.budget?.p99} ms, max < ${flood.budget?.max} ms)`,
      );
    }
    if (runs.some((r) => !r.kept)) failed = true;
  }
  lines.push(
    `  budgets: peak RSS < ${RSS_BUDGET_MB} MB, /api/health < ${HEALTH_BUDGET_MS} ms (Pro rows: p99 < ${PRO_BUDGET.p99} ms, max < ${PRO_BUDGET.max} ms), on ${os.cpus().length} CPUs`,
    '',
  );
  process.stdout.write(lines.join('\n'));
  if (failed) process.exitCode = 1;
} finally {
  await new Promise((r) => site.close(r));
  await pro?.close();
}
