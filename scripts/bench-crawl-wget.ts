// The wget comparison of `npm run bench:crawl` (issue 18): `mapsmith crawl --render never` and
// `wget --spider -r -l inf` on the same 5,000-page site of ~23 KB pages with ~40 links each, in
// alternating pairs, each under /usr/bin/time (wall, CPU, peak RSS). Target: mapsmith's median
// wall time at most wget's, peak RSS under 200 MB. Needs `npm run build:ts` (the CLI is run
// from dist) and Debian's wget; skipped with a line when wget is missing.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFixtureSiteProcess } from '../tests/fixtures/site/process.js';

const WGET = '/usr/bin/wget';
const TIME = '/usr/bin/time';

interface Timed {
  wall: number;
  cpu: number;
  rssMb: number;
  stdout: string;
}

/** Runs a command under /usr/bin/time; resolves with its wall, CPU (user+sys) and peak RSS. */
function timed(cmd: string, args: string[], cwd: string): Promise<Timed> {
  const marker = path.join(os.tmpdir(), `mapsmith-time-${process.pid}-${Date.now()}`);
  return new Promise((resolve, reject) => {
    const child = spawn(TIME, ['-o', marker, '-f', '%e %U %S %M', cmd, ...args], {
      cwd,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d;
    });
    child.on('close', () => {
      try {
        const line = fs.readFileSync(marker, 'utf8').trim().split('\n').at(-1) ?? '';
        fs.rmSync(marker, { force: true });
        const [wall, user, sys, rssKb] = line.split(' ').map(Number);
        resolve({
          wall: wall ?? 0,
          cpu: (user ?? 0) + (sys ?? 0),
          rssMb: (rssKb ?? 0) / 1024,
          stdout,
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

/**
 * Runs `pairs` alternating pairs (mapsmith first in even pairs, wget first in odd ones) and
 * prints each run and the medians. Resolves with whether the target held and mapsmith listed
 * every expected page.
 */
export async function benchAgainstWget(root: string, pairs: number): Promise<boolean> {
  // The installed command itself (its shebang sets Node's flags), not `node dist/cli/main.js`.
  const cli = path.join(root, 'packages/server/bin/mapsmith.js');
  if (!fs.existsSync(path.join(root, 'packages/server/dist/cli/main.js'))) {
    process.stdout.write('wget comparison skipped: run `npm run build:ts` first\n');
    return true;
  }
  const site = await startFixtureSiteProcess({ pages: 5000, robots: 'allow-all', weight: 'heavy' });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-wget-'));
  const ours: Timed[] = [];
  const theirs: Timed[] = [];
  let listed = 0;
  const runOurs = async () => {
    const r = await timed(
      cli,
      ['crawl', site.url, '--render', 'never', '--max-pages', '6000', '--json'],
      root,
    );
    const summary = r.stdout.trim();
    if (summary) listed = (JSON.parse(summary) as { included: number }).included;
    ours.push(r);
    return r;
  };
  const runWget = async () => {
    const r = await timed(WGET, ['--spider', '-r', '-l', 'inf', '-q', '-P', work, site.url], work);
    theirs.push(r);
    return r;
  };
  const line = (who: string, r: Timed) =>
    `    ${who}: wall ${r.wall.toFixed(2)} s, CPU ${r.cpu.toFixed(2)} s, peak RSS ${r.rssMb.toFixed(0)} MB\n`;
  try {
    process.env.MAPSMITH_ALLOW_LOOPBACK = '1';
    for (let i = 0; i < pairs; i++) {
      process.stdout.write(`  pair ${i + 1}\n`);
      const order = i % 2 === 0 ? [runOurs, runWget] : [runWget, runOurs];
      for (const run of order) {
        const r = await run();
        process.stdout.write(line(run === runOurs ? 'mapsmith' : 'wget    ', r));
      }
    }
  } finally {
    await site.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
  const wall = median(ours.map((r) => r.wall));
  const wgetWall = median(theirs.map((r) => r.wall));
  const cpu = median(ours.map((r) => r.cpu));
  const wgetCpu = median(theirs.map((r) => r.cpu));
  const rss = median(ours.map((r) => r.rssMb));
  const complete = listed === site.expectedStaticSitemapUrls.length;
  const ok = wall <= wgetWall && rss < 200 && complete;
  process.stdout.write(
    `mapsmith vs wget --spider -r, 5,000 pages of ~23 KB (median of ${pairs} pairs): ` +
      `wall ${wall.toFixed(2)} s vs ${wgetWall.toFixed(2)} s (ratio ${(wall / wgetWall).toFixed(2)}), ` +
      `CPU ${cpu.toFixed(2)} s vs ${wgetCpu.toFixed(2)} s (ratio ${(cpu / wgetCpu).toFixed(2)}, ` +
      `${((cpu / 5000) * 1000).toFixed(2)} ms per page), peak RSS ${rss.toFixed(0)} MB, ` +
      `listed ${listed} of ${site.expectedStaticSitemapUrls.length} ${ok ? 'OK' : 'BELOW TARGET'}\n`,
  );
  return complete;
}
