// `npm run bench:bulk`: one Pro user's bulk list of 20 fixture sites of 200 pages each on the
// built server (a child process, so its memory is measured alone), followed as the bulk page
// does (`GET /api/bulk/{id}` every 2 s) while each site's job is polled with
// `GET /api/crawl/{id}` every 2 s, as a user watching the crawls would. A second user starts
// one crawl after the list is queued, to show it is not held behind the bulk (per-user cap); its
// time is read from the server's own timestamps (queued to done), not from the 2-s ticks.
// Prints the medians over BENCH_RUNS runs of wall time, poll latency (p50 and p99 of the run, and
// p50 of the first poll tick and of the later ones: the run's p50 mixes crowded and quiet ticks
// in proportions that depend on the crawl's speed), peak RSS, and the
// zip download's time and size. And the poll like for like (scripts/bench/poll-probe.ts): each
// time a share of BENCH_PROBE_AT (0.25,0.6) of the list's pages is crawled, the run's own polls
// pause while BENCH_PROBE_POLLS (200) polls of unfinished sites run at each concurrency of
// BENCH_PROBE_CONCURRENCY (1,8) on kept-alive connections, from a worker thread of their own
// (BENCH_PROBE_THREAD=0: from the bench's main loop); the wall time leaves the probe out. The
// fixture sites each run in a process of their own (BENCH_SITE_PROCESSES=0: on the bench's main
// loop, as in session 14), so no poll is timed on a loop that also serves the crawled pages.
// Needs `npm run build:ts` first.
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
import { startFixtureSite, startFixtureSiteProcess } from '../tests/fixtures/site/index.js';
import { type ProbeFigures, probePolls, probePollsInThread } from './bench/poll-probe.js';

const SITES = Number(process.env.BENCH_SITES ?? 20);
const PAGES = Number(process.env.BENCH_PAGES ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const POLL_MS = 2000;
const WORKERS = process.env.MAPSMITH_CRAWL_WORKERS ?? '4';
const RENDER = process.env.MAPSMITH_RENDER ?? 'never';
/**
 * The shares of the list's pages crawled at which the probe fires: early (most sites running)
 * and late (most done, their outcomes being scored), where the run's own later ticks fall.
 */
const PROBE_AT = (process.env.BENCH_PROBE_AT ?? '0.25,0.6').split(',').map(Number);
/** 200, not 40: the p99 of 40 polls is their slowest one, which moved 0.2 to 3.3 x between pairs. */
const PROBE_POLLS = Number(process.env.BENCH_PROBE_POLLS ?? 200);
const PROBE_CONCURRENCY = (process.env.BENCH_PROBE_CONCURRENCY ?? '1,8').split(',').map(Number);
/**
 * The probe's polls from a thread of their own (default), or, with BENCH_PROBE_THREAD=0, from
 * the loop that also serves the fixture sites (as in session 14).
 */
const PROBE_IN_THREAD = process.env.BENCH_PROBE_THREAD !== '0';
/**
 * The fixture sites each in a process of its own (default), so the loop that times every poll
 * serves nothing else; BENCH_SITE_PROCESSES=0 serves them from this process's loop (session 14).
 */
const SITES_IN_PROCESSES = process.env.BENCH_SITE_PROCESSES !== '0';
/** How often the probe's trigger reads the list's progress before it fires. */
const PROBE_WATCH_MS = 250;

if (!fs.existsSync(BUILT_MAIN)) {
  process.stderr.write('bench:bulk needs the built server: run `npm run build:ts` first.\n');
  process.exit(2);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const median = (values: number[]) => percentile(values, 50);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

interface BulkAnswer {
  finished: boolean;
  sites: Array<{
    jobId: string;
    status: string;
    pagesCrawled: number;
    seoScore: number | null;
    listed: number | null;
  }>;
}

interface RunFigures {
  wallS: number;
  p50: number;
  p99: number;
  /** p50 of the first poll tick (every site running, fresh connections) and of the later ones. */
  firstTickP50: number;
  laterTicksP50: number;
  polls: number;
  rssMb: number;
  /**
   * Another user's crawl, from its admission to its end by the server's own timestamps
   * (`createdAt`, `finishedAt`): what the user waited for, whenever the bench next looks.
   */
  otherUserS: number;
  /**
   * The same crawl as the bench's 2-s ticks first saw it done (sessions 14 and 15's figure):
   * quantised to a tick, and delayed when the probe holds the ticks back.
   */
  otherUserSeenS: number;
  zipS: number;
  /** The same download again, its exports now in the export cache. */
  zipAgainS: number;
  zipMb: number;
  listed: number;
  /** The like-for-like probe at each share of BENCH_PROBE_AT it reached (in that order). */
  probes: ProbePoint[];
}

/** The probe at one point of the list: one figure per concurrency, and where it ran. */
interface ProbePoint {
  figures: ProbeFigures[];
  /** The share of the list's pages crawled when it fired, and seconds after the post. */
  share: number;
  atS: number;
  /** Sites not finished then (the jobs it polled). */
  sites: number;
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A fixture site as the bench uses it. */
interface Site {
  url: string;
  close(): Promise<void>;
}

async function oneRun(sites: Site[]): Promise<RunFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-bench-bulk-'));
  const db = await Database.open(databaseFile(dataDir));
  await migrate(db);
  const agency: TestUser = await createTestUser(db, { pro: true });
  const other: TestUser = await createTestUser(db, { pro: true });
  await db.close();
  const server = await spawnBuiltServer(dataDir, {
    MAPSMITH_CRAWL_WORKERS: WORKERS,
    MAPSMITH_RENDER: RENDER,
  });
  const pid = server.child.pid ?? 0;
  const get = (user: TestUser, p: string) =>
    fetch(`${server.url}${p}`, { headers: { Cookie: user.cookie } });
  try {
    const t0 = performance.now();
    const started = await json<{ bulkId: string; accepted: number }>(
      await fetch(`${server.url}/api/bulk`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: agency.cookie },
        body: JSON.stringify({ list: sites.map((s) => s.url).join('\n') }),
      }),
    );
    if (started.accepted !== SITES) throw new Error(`accepted ${started.accepted} of ${SITES}`);
    // Another user's crawl, queued behind all 20 bulk sites: the per-user cap lets it run.
    const otherStart = performance.now();
    const { jobId: otherJob } = await json<{ jobId: string }>(
      await fetch(`${server.url}/api/crawl`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: other.cookie },
        body: JSON.stringify({ url: sites[0]?.url }),
      }),
    );
    // One thing at a time against the server: a poll tick, or the probe's trigger and probe.
    let lock: Promise<unknown> = Promise.resolve();
    const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
      const run = lock.then(work);
      lock = run.catch(() => undefined);
      return run;
    };
    const probes: ProbePoint[] = [];
    let probeS = 0;
    /** Probes once `share` of the list is crawled: whether it did, or the list is over. */
    const probeIfReached = async (share: number): Promise<'probed' | 'not yet' | 'over'> => {
      const now = await json<BulkAnswer>(await get(agency, `/api/bulk/${started.bulkId}`));
      const crawled = now.sites.reduce((sum, s) => sum + s.pagesCrawled, 0);
      const unfinished = now.sites
        .filter((s) => s.status !== 'completed' && s.status !== 'failed')
        .map((s) => s.jobId);
      if (now.finished) return 'over';
      if (crawled < share * SITES * PAGES || unfinished.length === 0) return 'not yet';
      const p0 = performance.now();
      const point: ProbePoint = {
        figures: [],
        share: crawled / (SITES * PAGES),
        atS: (p0 - t0) / 1000,
        sites: unfinished.length,
      };
      const polls = PROBE_IN_THREAD ? probePollsInThread : probePolls;
      for (const c of PROBE_CONCURRENCY) {
        point.figures.push(
          await polls({
            serverUrl: server.url,
            cookie: agency.cookie,
            jobIds: unfinished,
            concurrency: c,
            count: PROBE_POLLS,
          }),
        );
      }
      probes.push(point);
      probeS += (performance.now() - p0) / 1000;
      return 'probed';
    };
    const probing = (async () => {
      let next = 0;
      while (next < PROBE_AT.length) {
        await sleep(PROBE_WATCH_MS);
        const step = await exclusive(() => probeIfReached(PROBE_AT[next] as number));
        if (step === 'over') return;
        if (step === 'probed') next++;
      }
    })();
    let otherUserS = Number.NaN;
    let otherUserSeenS = Number.NaN;
    const latencies: number[] = [];
    // The run's p50 mixes crowded and quiet ticks in proportions that depend on how fast the
    // crawl is; the first tick alone compares like with like across versions.
    let firstTick = 0;
    let bulk: BulkAnswer = { finished: false, sites: [] };
    while (
      !bulk.finished ||
      bulk.sites.some((s) => s.status === 'completed' && s.seoScore === null)
    ) {
      await sleep(POLL_MS);
      await exclusive(async () => {
        bulk = await json<BulkAnswer>(await get(agency, `/api/bulk/${started.bulkId}`));
        const running = bulk.sites.filter((s) => s.status !== 'completed' && s.status !== 'failed');
        await Promise.all(
          running.map(async (site) => {
            const q0 = performance.now();
            await json(await get(agency, `/api/crawl/${site.jobId}`));
            latencies.push(performance.now() - q0);
          }),
        );
        if (firstTick === 0) firstTick = latencies.length;
        if (Number.isNaN(otherUserS)) {
          const job = await json<{ status: string; createdAt: string; finishedAt: string | null }>(
            await get(other, `/api/crawl/${otherJob}`),
          );
          if (job.status === 'completed' && job.finishedAt) {
            otherUserSeenS = (performance.now() - otherStart) / 1000;
            otherUserS = (Date.parse(job.finishedAt) - Date.parse(job.createdAt)) / 1000;
          }
        }
      });
    }
    await probing;
    const wallS = (performance.now() - t0) / 1000 - probeS;
    const failed = bulk.sites.filter((s) => s.status !== 'completed').length;
    if (failed > 0) throw new Error(`${failed} bulk sites did not complete`);
    const z0 = performance.now();
    const zip = await get(agency, `/api/bulk/${started.bulkId}/download`);
    const bytes = (await zip.arrayBuffer()).byteLength;
    const zipS = (performance.now() - z0) / 1000;
    const z1 = performance.now();
    await (await get(agency, `/api/bulk/${started.bulkId}/download`)).arrayBuffer();
    const zipAgainS = (performance.now() - z1) / 1000;
    return {
      wallS,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      firstTickP50: percentile(latencies.slice(0, firstTick), 50),
      laterTicksP50: percentile(latencies.slice(firstTick), 50),
      polls: latencies.length,
      rssMb: peakRssMb(pid),
      otherUserS,
      otherUserSeenS,
      zipS,
      zipAgainS,
      zipMb: bytes / 1024 / 1024,
      listed: bulk.sites.reduce((sum, s) => sum + (s.listed ?? 0), 0),
      probes,
    };
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const sites: Site[] = await Promise.all(
  Array.from({ length: SITES }, () =>
    SITES_IN_PROCESSES
      ? startFixtureSiteProcess({ pages: PAGES })
      : startFixtureSite({ pages: PAGES }),
  ),
);
try {
  const runs: RunFigures[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await oneRun(sites));
  const pick = (f: (r: RunFigures) => number) => median(runs.map(f));
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  process.stdout.write(
    [
      `bench:bulk: one bulk list of ${SITES} sites x ${PAGES} pages, ${WORKERS} crawl workers (per-user cap: server default), render ${RENDER}, ${RUNS} runs, sites ${SITES_IN_PROCESSES ? 'each in a process of its own' : 'served by this process'}, load ${load}`,
      `  wall time (list posted to every site done and scored): median ${pick((r) => r.wallS).toFixed(1)} s (runs: ${runs.map((r) => r.wallS.toFixed(1)).join(', ')}); ${pick((r) => r.listed)} URLs listed`,
      `  GET /api/crawl/{id} while it runs: median p50 ${pick((r) => r.p50).toFixed(1)} ms, median p99 ${pick((r) => r.p99).toFixed(1)} ms (${pick((r) => r.polls)} polls a run); p50 of the first tick ${pick((r) => r.firstTickP50).toFixed(1)} ms, of the later ticks ${pick((r) => r.laterTicksP50).toFixed(1)} ms (the run's p50 weighs the crowded first tick by how few ticks a faster crawl takes: compare two trees by the parts and the probes below)`,
      ...PROBE_AT.flatMap((_, k) =>
        PROBE_CONCURRENCY.map((c, i) => {
          const reached = runs.filter((r) => r.probes[k]?.figures[i]);
          if (reached.length === 0)
            return `  like for like at the probe's point ${k + 1}: not reached (the list ended first)`;
          const point = (f: (p: ProbePoint) => number) =>
            median(reached.map((r) => f(r.probes[k] as ProbePoint)));
          const at = (f: (p: ProbeFigures) => number) =>
            point((p) => f(p.figures[i] as ProbeFigures));
          return `  like for like, ${PROBE_POLLS} polls ${c} at a time at ${(point((p) => p.share) * 100).toFixed(0)} % crawled (${point((p) => p.atS).toFixed(1)} s, ${point((p) => p.sites)} sites not finished), kept-alive${PROBE_IN_THREAD ? ', from a thread' : ''}: p50 ${at((p) => p.p50).toFixed(1)} ms, p99 ${at((p) => p.p99).toFixed(1)} ms (runs: ${runs.map((r) => r.probes[k]?.figures[i]?.p50.toFixed(1) ?? '-').join(', ')}; ${at((p) => p.polls)} timed, ${at((p) => p.fresh)} on a new connection)`;
        }),
      ),
      `  server peak RSS: median ${pick((r) => r.rssMb).toFixed(0)} MB, max ${Math.max(...runs.map((r) => r.rssMb)).toFixed(0)} MB`,
      `  another user's crawl started after the list: queued to done (server's timestamps) median ${pick((r) => r.otherUserS).toFixed(2)} s (runs: ${runs.map((r) => r.otherUserS.toFixed(2)).join(', ')}); first seen done at a 2-s tick after ${pick((r) => r.otherUserSeenS).toFixed(1)} s`,
      `  zip download: median ${pick((r) => r.zipS).toFixed(2)} s (first: builds ${SITES} x 7 sitemap exports), again ${pick((r) => r.zipAgainS).toFixed(2)} s (export cache), ${pick((r) => r.zipMb).toFixed(1)} MB`,
      '',
    ].join('\n'),
  );
} finally {
  await Promise.all(sites.map((s) => s.close()));
}
