// `npm run bench:desktop` (issue 17): a desktop crawl as the app runs it (the application
// layer's start, claim and `CrawlTask` in the built crawler process, writing every page, link
// and charge into the data file over SQLite WAL) against `wget --spider -r` on the same local
// site of 2,000 pages of ~23 KB with ~40 links each, in BENCH_RUNS alternating pairs (default 3),
// and the CLI's crawl over a memory store beside them: what the durable store costs. Medians.
// Beside each wall time, the CPU time (user + system) the run cost: this process's own and its
// children's that ended in the run (the crawler process, the CLI, wget; from /proc/self/stat),
// the figure that a machine shared with other work does not decide.
// Needs `npm run build:ts` and `npm run build:desktop` (it runs the built bundles).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jobCrawlPlan, silentLogger } from '@mapsmith/core';
import { LocalCrawls } from '../packages/desktop/src/main/crawl/local-crawls.js';
import { LOCAL_USER_ID, openLocalData } from '../packages/desktop/src/main/store/local-data.js';
import { nodeLauncher } from '../tests/desktop/support/node-launcher.js';
import { startFixtureSiteProcess } from '../tests/fixtures/site/process.js';

const PAGES = 2000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const root = path.resolve(import.meta.dirname, '..');
const ENTRY = path.join(root, 'packages/desktop/out/main/crawler-process.js');
const CLI = path.join(root, 'packages/server/bin/mapsmith.js');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** CPU seconds (user + system) of this process and of its children waited for so far. */
function cpuSeconds(): number {
  const own = process.cpuUsage();
  // Fields 16 and 17 of /proc/self/stat (after the parenthesised name): cutime, cstime in ticks.
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  const children = (Number(fields[13] ?? 0) + Number(fields[14] ?? 0)) / 100;
  return (own.user + own.system) / 1e6 + children;
}

/** Runs `work`, returning its result with the CPU seconds it cost. */
async function withCpu<T>(work: () => Promise<T>): Promise<T & { cpu: number }> {
  const before = cpuSeconds();
  const result = await work();
  return { ...result, cpu: cpuSeconds() - before };
}

/** Runs a command to its end; resolves with its wall time in seconds and its stdout. */
function run(cmd: string, args: string[], cwd: string): Promise<{ wall: number; out: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d;
    });
    child.on('error', reject);
    child.on('close', () => resolve({ wall: (performance.now() - started) / 1000, out }));
  });
}

/** One desktop crawl of `url` in a fresh data folder; its wall time and listed URLs. */
async function desktopCrawl(url: string): Promise<{ wall: number; listed: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-bench-desktop-'));
  const data = await openLocalData(dir, silentLogger);
  try {
    const started = performance.now();
    const begun = await data.jobs.start({
      userId: LOCAL_USER_ID,
      plan: 'pro',
      url,
      engineeringCap: PAGES * 2,
    });
    if (!begun.ok) throw new Error(`the crawl was refused: ${begun.reason}`);
    const crawls = new LocalCrawls({
      queue: data.queue,
      dataFile: data.file,
      launch: nodeLauncher(ENTRY),
      plan: (job) => jobCrawlPlan(job, { allowLoopback: true }),
      emit: () => {},
      logger: silentLogger,
      maxRunning: 1,
    });
    crawls.wake();
    await crawls.settled(begun.job.id);
    const wall = (performance.now() - started) / 1000;
    const job = await data.answers.crawl(begun.job.id, LOCAL_USER_ID);
    if (job.status !== 'completed') throw new Error(`the crawl ended ${job.status}: ${job.error}`);
    return { wall, listed: job.resultsTotal ?? 0 };
  } finally {
    await data.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  for (const [file, build] of [
    [ENTRY, 'npm run build:desktop'],
    [path.join(root, 'packages/server/dist/cli/main.js'), 'npm run build:ts'],
  ] as const)
    if (!fs.existsSync(file)) {
      process.stdout.write(`bench:desktop skipped: run \`${build}\` first\n`);
      return;
    }
  const site = await startFixtureSiteProcess({
    pages: PAGES,
    robots: 'allow-all',
    weight: 'heavy',
  });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-bench-wget-'));
  const desktop: number[] = [];
  const wget: number[] = [];
  const cli: number[] = [];
  const cpu: Record<'desktop' | 'wget' | 'cli', number[]> = { desktop: [], wget: [], cli: [] };
  let listed = 0;
  try {
    process.env.MAPSMITH_ALLOW_LOOPBACK = '1';
    const runs = {
      desktop: async () => {
        const r = await withCpu(() => desktopCrawl(site.url));
        listed = r.listed;
        desktop.push(r.wall);
        cpu.desktop.push(r.cpu);
        return r;
      },
      wget: async () => {
        const r = await withCpu(() =>
          run('wget', ['--spider', '-r', '-l', 'inf', '-q', '-P', work, site.url], work),
        );
        wget.push(r.wall);
        cpu.wget.push(r.cpu);
        return r;
      },
      cli: async () => {
        const r = await withCpu(() =>
          run(
            CLI,
            ['crawl', site.url, '--render', 'never', '--max-pages', String(PAGES * 2), '--json'],
            root,
          ),
        );
        cli.push(r.wall);
        cpu.cli.push(r.cpu);
        return r;
      },
    };
    for (let i = 0; i < RUNS; i++) {
      const order = (
        i % 2 === 0 ? ['desktop', 'wget', 'cli'] : ['cli', 'wget', 'desktop']
      ) as (keyof typeof runs)[];
      for (const name of order) {
        const r = await runs[name]();
        const load = os.loadavg()[0]?.toFixed(1);
        process.stdout.write(
          `  run ${i + 1} ${name.padEnd(7)} ${r.wall.toFixed(2)} s, CPU ${r.cpu.toFixed(2)} s (load ${load})\n`,
        );
      }
    }
  } finally {
    await site.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
  const [d, w, c] = [median(desktop), median(wget), median(cli)];
  const [dc, wc, cc] = [median(cpu.desktop), median(cpu.wget), median(cpu.cli)];
  const complete = listed === site.expectedStaticSitemapUrls.length;
  process.stdout.write(
    `desktop crawl (crawler process, SQL store) vs wget --spider -r, ${PAGES} pages of ~23 KB (median of ${RUNS}): ` +
      `${d.toFixed(2)} s (${(PAGES / d).toFixed(0)} pages/s) vs ${w.toFixed(2)} s (ratio ${(d / w).toFixed(2)}); ` +
      `the CLI over a memory store ${c.toFixed(2)} s (desktop/CLI ${(d / c).toFixed(2)}); ` +
      `listed ${listed} of ${site.expectedStaticSitemapUrls.length}${complete ? '' : ' INCOMPLETE'}\n` +
      `CPU (user + system, median of ${RUNS}): desktop ${dc.toFixed(2)} s, CLI ${cc.toFixed(2)} s, wget ${wc.toFixed(2)} s; ` +
      `the durable store at ${(cc / dc).toFixed(2)} x the memory store's speed per CPU second ` +
      `(${(c / d).toFixed(2)} x by wall time; target >= 0.6); load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n`,
  );
  if (!complete) process.exitCode = 1;
}

await main();
