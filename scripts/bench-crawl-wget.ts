// The wget comparison of `npm run bench:crawl` (issues 18 and 28): `mapsmith crawl --render
// never`, the bare loop (bench-crawl-bare.mjs: undici Pool, htmlparser2 `<a href>`, BFS, nothing
// else) and `wget --spider -r -l inf` on the same 5,000-page site of ~23 KB pages with ~40 links
// each, in rotating rounds, each under /usr/bin/time (wall, CPU = user + system of the whole
// process, peak RSS). Targets: mapsmith's CPU per page within 1.25 x the bare loop's (issue 28;
// the headline on a shared machine), its median wall time at most wget's, peak RSS under 200 MB.
// Each round also runs the CLI with the other parse-worker choice (2 below 4 cores, else 0;
// issue 28 point 3), and reports the main thread's CPU of both beside the whole process's.
// With 4+ cores a second layout pins the site server and the crawlers to separate cores with
// taskset. Needs `npm run build:ts` (the CLI is run from dist) and Debian's wget; skipped with a
// line when wget is missing.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultParseWorkers } from '@mapsmith/core/crawl';
import { startFixtureSiteProcess } from '../tests/fixtures/site/process.js';
import { watchMainThread } from './bench-thread-cpu.js';

const WGET = '/usr/bin/wget';
const TIME = '/usr/bin/time';
const TASKSET = '/usr/bin/taskset';

interface Timed {
  wall: number;
  cpu: number;
  /** CPU seconds of the process's main thread alone (mapsmith runs only). */
  mainCpu?: number;
  rssMb: number;
  stdout: string;
}

/**
 * Runs a command under /usr/bin/time; resolves with its wall, CPU (user+sys) and peak RSS, and
 * with `mainThread` its main thread's CPU.
 */
function timed(
  cmd: string,
  args: string[],
  cwd: string,
  cores?: string,
  mainThread = false,
): Promise<Timed> {
  const marker = path.join(os.tmpdir(), `mapsmith-time-${process.pid}-${Date.now()}`);
  const command = cores ? [TASKSET, '-c', cores, cmd, ...args] : [cmd, ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(TIME, ['-o', marker, '-f', '%e %U %S %M', ...command], {
      cwd,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let stdout = '';
    const watch = mainThread && child.pid ? watchMainThread(child.pid) : undefined;
    child.stdout.on('data', (d: Buffer) => {
      stdout += d;
    });
    child.on('close', () => {
      const mainCpu = watch?.stop();
      try {
        const line = fs.readFileSync(marker, 'utf8').trim().split('\n').at(-1) ?? '';
        fs.rmSync(marker, { force: true });
        const [wall, user, sys, rssKb] = line.split(' ').map(Number);
        resolve({
          wall: wall ?? 0,
          cpu: (user ?? 0) + (sys ?? 0),
          rssMb: (rssKb ?? 0) / 1024,
          stdout,
          ...(mainCpu === undefined ? {} : { mainCpu }),
        });
      } catch (err) {
        reject(err);
      }
    });
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

/** Whether the comparison can run here. */
export function wgetAvailable(): boolean {
  return fs.existsSync(WGET) && fs.existsSync(TIME);
}

/** Where the site server and the crawlers run: sharing every core, or on cores of their own. */
interface Layout {
  name: string;
  /** taskset core list of the site server (undefined: not pinned). */
  server?: string;
  /** taskset core list of each crawler. */
  crawlers?: string;
}

/** The layouts this machine can show: shared always; split (server | 2 crawler cores) on 4+. */
function layouts(): Layout[] {
  const cores = os.cpus().length;
  const shared: Layout = { name: 'shared cores' };
  if (cores < 4 || !fs.existsSync(TASKSET)) return [shared];
  const half = Math.floor(cores / 2);
  return [
    shared,
    {
      name: `server on cores 0-${half - 1}, crawlers on cores ${half}-${half + 1}`,
      server: `0-${half - 1}`,
      crawlers: `${half}-${half + 1}`,
    },
  ];
}

const PAGES = 5000;
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/**
 * Runs `rounds` rounds of mapsmith, the bare loop and wget (the order rotating each round) in
 * every layout, and prints each run and the medians. Resolves with whether mapsmith listed
 * every expected page in every run.
 */
export async function benchAgainstWget(root: string, rounds: number): Promise<boolean> {
  // The installed command itself (its shebang sets Node's flags), not `node dist/cli/main.js`.
  const cli = path.join(root, 'packages/server/bin/mapsmith.js');
  if (!fs.existsSync(path.join(root, 'packages/server/dist/cli/main.js'))) {
    process.stdout.write('wget comparison skipped: run `npm run build:ts` first\n');
    return true;
  }
  let complete = true;
  for (const layout of layouts())
    complete = (await benchLayout(root, cli, layout, rounds)) && complete;
  return complete;
}

async function benchLayout(
  root: string,
  cli: string,
  layout: Layout,
  rounds: number,
): Promise<boolean> {
  const site = await startFixtureSiteProcess({
    pages: PAGES,
    robots: 'allow-all',
    weight: 'heavy',
  });
  if (layout.server) spawnSync(TASKSET, ['-a', '-p', '-c', layout.server, String(site.pid)]);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-wget-'));
  // The CLI's default parse workers (0 below 4 cores, else cores - 1) and the other choice
  // beside it: 2 workers below 4 cores, in-thread above (issue 28 point 3).
  const otherWorkers = os.availableParallelism() < 4 ? 2 : 0;
  const runs = {
    mapsmith: [] as Timed[],
    workers: [] as Timed[],
    bare: [] as Timed[],
    wget: [] as Timed[],
  };
  const loads: string[] = [];
  let complete = true;
  const crawl = async (extra: string[]) => {
    const args = ['crawl', site.url, '--render', 'never', '--max-pages', '6000', '--json'];
    const r = await timed(cli, [...args, ...extra], root, layout.crawlers, true);
    const summary = r.stdout.trim();
    const listed = summary ? (JSON.parse(summary) as { included: number }).included : 0;
    if (listed !== site.expectedStaticSitemapUrls.length) complete = false;
    return r;
  };
  const runners: Record<keyof typeof runs, () => Promise<Timed>> = {
    mapsmith: () => crawl([]),
    workers: () => crawl(['--parse-workers', String(otherWorkers)]),
    // Plain Node flags: the bare loop is the floor, not tuned like the CLI's shebang.
    bare: () =>
      timed(
        process.execPath,
        [path.join(root, 'scripts/bench-crawl-bare.mjs'), site.url, '6000'],
        root,
        layout.crawlers,
      ),
    wget: () =>
      timed(
        WGET,
        ['--spider', '-r', '-l', 'inf', '-q', '-P', work, site.url],
        work,
        layout.crawlers,
      ),
  };
  const names = Object.keys(runs) as (keyof typeof runs)[];
  process.stdout.write(`  layout: ${layout.name}\n`);
  try {
    process.env.MAPSMITH_ALLOW_LOOPBACK = '1';
    for (let i = 0; i < rounds; i++) {
      loads.push(loadAverage());
      process.stdout.write(`  round ${i + 1} (load average ${loads.at(-1)})\n`);
      for (let k = 0; k < names.length; k++) {
        const name = names[(i + k) % names.length] as keyof typeof runs;
        const r = await runners[name]();
        runs[name].push(r);
        const main = r.mainCpu === undefined ? '' : `, main thread ${perPage(r.mainCpu)} ms/page`;
        process.stdout.write(
          `    ${name.padEnd(8)}: wall ${r.wall.toFixed(2)} s, CPU ${r.cpu.toFixed(2)} s (${perPage(r.cpu)} ms/page${main}), peak RSS ${r.rssMb.toFixed(0)} MB\n`,
        );
      }
    }
  } finally {
    await site.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
  const m = (name: keyof typeof runs, key: 'wall' | 'cpu' | 'mainCpu' | 'rssMb') =>
    median(runs[name].map((r) => r[key] ?? Number.NaN));
  const perRound = (name: keyof typeof runs, key: 'cpu' | 'mainCpu') =>
    median(
      runs[name].map((r, i) => (r[key] ?? Number.NaN) / (runs.mapsmith[i]?.[key] ?? Number.NaN)),
    );
  // Ratios per round (same moment, same load), then their median.
  const cpuRatio = median(runs.mapsmith.map((r, i) => r.cpu / (runs.bare[i]?.cpu ?? Number.NaN)));
  const ok =
    cpuRatio <= 1.25 && m('mapsmith', 'wall') <= m('wget', 'wall') && m('mapsmith', 'rssMb') < 200;
  process.stdout.write(
    `mapsmith vs bare loop vs wget --spider -r, ${layout.name}, 5,000 pages of ~23 KB (median of ${rounds} rounds, load average ${loads.join(' | ')}):\n` +
      `  CPU per page ${perPage(m('mapsmith', 'cpu'))} ms vs bare ${perPage(m('bare', 'cpu'))} ms vs wget ${perPage(m('wget', 'cpu'))} ms; ` +
      `ratio to the bare loop ${cpuRatio.toFixed(2)} (target <= 1.25)\n` +
      `  wall ${m('mapsmith', 'wall').toFixed(2)} s vs bare ${m('bare', 'wall').toFixed(2)} s vs wget ${m('wget', 'wall').toFixed(2)} s (ratio to wget ${(m('mapsmith', 'wall') / m('wget', 'wall')).toFixed(2)})\n` +
      `  peak RSS ${m('mapsmith', 'rssMb').toFixed(0)} MB vs bare ${m('bare', 'rssMb').toFixed(0)} MB vs wget ${m('wget', 'rssMb').toFixed(0)} MB; ` +
      `listed all ${site.expectedStaticSitemapUrls.length} in every run: ${complete ? 'yes' : 'NO'} ${ok ? 'OK' : 'BELOW TARGET'}\n` +
      `  parse workers, default (${defaultParseWorkers()}) vs ${otherWorkers}: CPU per page ${perPage(m('mapsmith', 'cpu'))} vs ${perPage(m('workers', 'cpu'))} ms (ratio ${perRound('workers', 'cpu').toFixed(2)}), ` +
      `main thread ${perPage(m('mapsmith', 'mainCpu'))} vs ${perPage(m('workers', 'mainCpu'))} ms (ratio ${perRound('workers', 'mainCpu').toFixed(2)}), ` +
      `wall ${m('mapsmith', 'wall').toFixed(2)} vs ${m('workers', 'wall').toFixed(2)} s, peak RSS ${m('mapsmith', 'rssMb').toFixed(0)} vs ${m('workers', 'rssMb').toFixed(0)} MB\n`,
  );
  return complete;
}

const perPage = (cpuSeconds: number) => ((cpuSeconds / PAGES) * 1000).toFixed(3);
