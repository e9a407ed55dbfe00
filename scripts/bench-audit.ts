// `npm run bench:audit`: the Pro sitemap audit (issue 14) of a BENCH_URLS-page sitemap (default
// 50,000) against a fixture site served by a separate local process, at the default politeness
// (4 checks at once per host, no delay; every URL an HTML page, so HEAD then GET). Each run is
// a process of its own (bench-audit-run.ts), so its peak RSS is the audit's. Prints URLs per
// second and peak RSS, medians of BENCH_RUNS runs (default 3). Fails when a URL is not
// checked or not found fine.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { startFixtureSiteProcess } from '../tests/fixtures/site/process.js';

interface RunResult {
  urls: number;
  fine: number;
  endedBy: string;
  seconds: number;
  urlsPerSecond: number;
  peakRssMb: number;
}

const root = path.resolve(import.meta.dirname, '..');
const URLS = Number(process.env.BENCH_URLS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

function runOnce(origin: string): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--conditions',
        'source',
        '--import',
        'tsx',
        path.join(root, 'scripts/bench-audit-run.ts'),
        JSON.stringify({ origin, urls: URLS }),
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d;
    });
    child.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as RunResult)
        : reject(new Error(`bench run exited ${code}`)),
    );
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

const site = await startFixtureSiteProcess({ pages: URLS });
const results: RunResult[] = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const r = await runOnce(site.origin);
    process.stdout.write(
      `  run ${i + 1}: ${r.urls} URLs in ${r.seconds.toFixed(1)} s, ${r.urlsPerSecond.toFixed(0)} URLs/s, peak RSS ${r.peakRssMb.toFixed(0)} MB\n`,
    );
    results.push(r);
  }
} finally {
  await site.close();
}
const [load1] = os.loadavg();
process.stdout.write(
  `audit of ${URLS.toLocaleString('en-US')} URLs (default politeness): median ${median(results.map((r) => r.urlsPerSecond)).toFixed(0)} URLs/s, ${median(results.map((r) => r.seconds)).toFixed(1)} s, peak RSS ${median(results.map((r) => r.peakRssMb)).toFixed(0)} MB (load average ${load1?.toFixed(2)})\n`,
);
if (results.some((r) => r.urls !== URLS || r.fine !== URLS || r.endedBy !== 'done')) {
  process.stderr.write('an audit run did not check every URL as fine\n');
  process.exit(1);
}
