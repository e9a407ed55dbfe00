// `npm run bench:hostile`: the memory floods of the attack report against the built server (a
// child process per row, so its memory is measured alone): N concurrent anonymous
// GET /api/fetch-sitemap of a 45 MB sitemap from 1, 2 and 60 client addresses (through the
// trusted loopback proxy's X-Forwarded-For), while /api/health is timed every 100 ms. Prints the
// answers, the server's peak RSS and health latency; fails when RSS passes 600 MB or health
// 500 ms. Needs `npm run build:ts` first.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { BUILT_MAIN, spawnBuiltServer } from '../packages/server/src/repos/test-support.js';

const SITEMAP_MB = Number(process.env.BENCH_SITEMAP_MB ?? 45);
const RSS_BUDGET_MB = 600;
const HEALTH_BUDGET_MS = 500;
const ROWS: Array<{ requests: number; addresses: number }> = [
  { requests: 60, addresses: 1 },
  { requests: 120, addresses: 2 },
  { requests: 60, addresses: 60 },
];

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

/** Reads an answer to its end without keeping it. */
async function drain(res: Response): Promise<void> {
  const reader = res.body?.getReader();
  if (!reader) return;
  for (;;) if ((await reader.read()).done) return;
}

const body = sitemapBytes();
const site = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/xml', 'content-length': body.length });
  res.end(body);
});
await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
const sitemapUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/sitemap.xml`;

const lines: string[] = [
  `bench:hostile: concurrent GET /api/fetch-sitemap of a ${(body.length / 1024 / 1024).toFixed(0)} MB sitemap`,
];
let failed = false;
try {
  for (const row of ROWS) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-bench-hostile-'));
    const server = await spawnBuiltServer(dataDir);
    const pid = server.child.pid ?? 0;
    try {
      const idle = rssMb(pid, 'VmRSS');
      // The same probe on the idle server first: on a busy machine it is never 0.
      const quiet: number[] = [];
      for (let i = 0; i < 10; i++) {
        const q0 = performance.now();
        await drain(await fetch(`${server.url}/api/health`));
        quiet.push(performance.now() - q0);
        await new Promise((r) => setTimeout(r, 100));
      }
      // Timed from a worker thread: its event loop is not busy reading the flood's answers.
      const probe = new Worker(PROBE, { eval: true, workerData: `${server.url}/api/health` });
      const health = new Promise<number[]>((resolve) => probe.once('message', resolve));
      const t0 = performance.now();
      const statuses = await Promise.all(
        Array.from({ length: row.requests }, async (_, i) => {
          const res = await fetch(
            `${server.url}/api/fetch-sitemap?url=${encodeURIComponent(sitemapUrl)}`,
            { headers: { 'X-Forwarded-For': `198.51.100.${(i % row.addresses) + 1}` } },
          );
          await drain(res);
          return res.status;
        }),
      );
      const wallS = (performance.now() - t0) / 1000;
      probe.postMessage('stop');
      const times = await health;
      await probe.terminate();
      const peak = rssMb(pid, 'VmHWM');
      const counts = new Map<number, number>();
      for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
      const answers = [...counts].map(([s, n]) => `${n} x ${s}`).join(', ');
      const worst = Math.max(...times);
      lines.push(
        `  ${row.requests} at once from ${row.addresses} address(es): ${answers} in ${wallS.toFixed(1)} s; RSS ${idle.toFixed(0)} -> peak ${peak.toFixed(0)} MB; /api/health p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms, max ${worst.toFixed(0)} ms (${times.length} probes; idle p50 ${percentile(quiet, 50).toFixed(0)} ms, max ${Math.max(...quiet).toFixed(0)} ms)`,
      );
      if (peak > RSS_BUDGET_MB || worst > HEALTH_BUDGET_MS) failed = true;
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  lines.push(
    `  budgets: peak RSS < ${RSS_BUDGET_MB} MB, /api/health < ${HEALTH_BUDGET_MS} ms; load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} CPUs`,
    '',
  );
  process.stdout.write(lines.join('\n'));
  if (failed) process.exitCode = 1;
} finally {
  await new Promise((r) => site.close(r));
}
