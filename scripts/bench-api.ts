// `npm run bench:api`: 20 concurrent users each start a crawl of a 200-page fixture site on the
// built server (a child process, so its memory is measured alone) and poll the job every 2 s,
// as the web app does. Prints job throughput, p50/p99 latency of GET /api/crawl/{id} and the
// server's peak RSS. Needs `npm run build:ts` first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Database } from '../packages/server/src/db/database.js';
import { migrate } from '../packages/server/src/db/migrations/index.js';
import {
  BUILT_MAIN,
  createTestUser,
  spawnBuiltServer,
  type TestUser,
} from '../packages/server/src/repos/test-support.js';
import { databaseFile } from '../packages/server/src/server.js';
import { startFixtureSite } from '../tests/fixtures/site/index.js';

const USERS = Number(process.env.BENCH_USERS ?? 20);
const PAGES = Number(process.env.BENCH_PAGES ?? 200);
const POLL_MS = 2000;
const WORKERS = process.env.MAPSMITH_CRAWL_WORKERS ?? '4';
const RENDER = process.env.MAPSMITH_RENDER ?? 'never';

if (!fs.existsSync(BUILT_MAIN)) {
  process.stderr.write('bench:api needs the built server: run `npm run build:ts` first.\n');
  process.exit(2);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const site = await startFixtureSite({ pages: PAGES });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-bench-api-'));
const db = await Database.open(databaseFile(dataDir));
await migrate(db);
const users: TestUser[] = [];
for (let i = 0; i < USERS; i++) users.push(await createTestUser(db, { pro: true }));
await db.close();

const server = await spawnBuiltServer(dataDir, {
  MAPSMITH_CRAWL_WORKERS: WORKERS,
  MAPSMITH_RENDER: RENDER,
});
const pid = server.child.pid ?? 0;
const latencies: number[] = [];
const started = performance.now();

async function oneUser(user: TestUser): Promise<{ status: string; pages: number; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(`${server.url}/api/crawl`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: user.cookie },
    body: JSON.stringify({ url: site.url }),
  });
  if (res.status !== 201) throw new Error(`start failed: ${res.status} ${await res.text()}`);
  const { jobId } = (await res.json()) as { jobId: string };
  for (;;) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const q0 = performance.now();
    const poll = await fetch(`${server.url}/api/crawl/${jobId}`, {
      headers: { Cookie: user.cookie },
    });
    const job = (await poll.json()) as { status: string; pagesCrawled: number };
    latencies.push(performance.now() - q0);
    if (job.status === 'completed' || job.status === 'failed') {
      return { status: job.status, pages: job.pagesCrawled, ms: performance.now() - t0 };
    }
  }
}

try {
  const results = await Promise.all(users.map(oneUser));
  const wallS = (performance.now() - started) / 1000;
  const completed = results.filter((r) => r.status === 'completed').length;
  const pages = results.reduce((sum, r) => sum + r.pages, 0);
  const rss = peakRssMb(pid);
  process.stdout.write(
    [
      `bench:api: ${USERS} users x ${PAGES}-page site, ${WORKERS} crawl workers, render ${RENDER}, polling every ${POLL_MS / 1000} s`,
      `  jobs: ${completed}/${USERS} completed in ${wallS.toFixed(1)} s -> ${((completed / wallS) * 60).toFixed(1)} jobs/min, ${(pages / wallS).toFixed(0)} pages/s stored`,
      `  job time: p50 ${(
        percentile(
          results.map((r) => r.ms),
          50,
        ) / 1000
      ).toFixed(1)} s, max ${(Math.max(...results.map((r) => r.ms)) / 1000).toFixed(1)} s`,
      `  GET /api/crawl/{id}: ${latencies.length} polls, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
      `  server peak RSS: ${rss.toFixed(0)} MB`,
      '',
    ].join('\n'),
  );
  if (completed !== USERS) process.exitCode = 1;
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
  await site.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
