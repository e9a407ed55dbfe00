// `npm run bench:cli`: how fast the built `mapsmith` CLI starts, whole process, wall clock.
// `mapsmith --help` (target under 150 ms) and `mapsmith validate` of a 50,000-URL sitemap
// (target under 2 x `xmllint --schema` on the same file) run 5 times each, interleaved with
// xmllint so both meet the same machine load, after one unmeasured warm-up round (the OS file
// cache and Node's compile cache). Prints the medians and ratios, and the CPU time (user +
// system, from GNU time when /usr/bin/time exists), which a loaded machine disturbs less than
// the wall clock. Needs `npm run build:ts`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const root = path.resolve(import.meta.dirname, '..');
/** The sitemaps.org urlset schema xmllint validates against (the project's own copy). */
const SITEMAP_XSD = path.join(root, 'schemas/sitemap/sitemap.xsd');
const bin = path.join(root, 'packages/server/bin/mapsmith.js');

/**
 * A valid 50,000-URL sitemap of about 11 MB, every entry with loc, lastmod, changefreq and
 * priority (the same shape as bench:validate's).
 */
function writeSitemap(file: string, count: number): void {
  const CHANGEFREQ = ['daily', 'weekly', 'monthly'];
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
  ];
  for (let i = 0; i < count; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    parts.push(
      `  <url>\n    <loc>https://www.example.com/section-${i % 50}/an-article-slug-${i}?ref=list&amp;page=${i}</loc>\n    <lastmod>2024-05-${day}T10:00:00+00:00</lastmod>\n` +
        `    <changefreq>${CHANGEFREQ[i % 3]}</changefreq>\n    <priority>0.${1 + (i % 9)}</priority>\n  </url>\n`,
    );
  }
  parts.push('</urlset>\n');
  fs.writeFileSync(file, parts.join(''));
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const GNU_TIME = '/usr/bin/time';
const withCpu = fs.existsSync(GNU_TIME);

interface Timing {
  /** Wall clock of the whole process, in ms. */
  ms: number;
  /** User + system CPU of the process, in ms (NaN without GNU time). */
  cpuMs: number;
}

/** Runs a command to its end and times it. Fails loudly when it fails. */
function timed(command: string, args: string[]): Timing {
  const argv = withCpu ? ['-f', 'CPU %U %S', command, ...args] : args;
  const started = performance.now();
  const result = spawnSync(withCpu ? GNU_TIME : command, argv, {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = performance.now() - started;
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  const cpu = /CPU ([\d.]+) ([\d.]+)\s*$/.exec(result.stderr);
  return { ms, cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : Number.NaN };
}

for (const [file, hint] of [
  [path.join(root, 'packages/server/dist/cli/main.js'), 'run `npm run build:ts` first'],
  [SITEMAP_XSD, 'the sitemaps.org schema is missing'],
]) {
  if (!fs.existsSync(file as string)) {
    process.stderr.write(`bench:cli: ${file} not found; ${hint}\n`);
    process.exit(2);
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-bench-cli-'));
const sitemap = path.join(dir, 'sitemap-50k.xml');
try {
  writeSitemap(sitemap, 50_000);
  const cases = {
    node: () => timed(process.execPath, ['-e', '0']),
    help: () => timed(process.execPath, [bin, '--help']),
    validate: () => timed(process.execPath, [bin, 'validate', sitemap]),
    xmllint: () => timed('xmllint', ['--noout', '--schema', SITEMAP_XSD, sitemap]),
  };
  const times: Record<keyof typeof cases, Timing[]> = {
    node: [],
    help: [],
    validate: [],
    xmllint: [],
  };
  for (let round = 0; round <= RUNS; round++) {
    for (const [name, run] of Object.entries(cases)) {
      const timing = run();
      if (round > 0) times[name as keyof typeof cases].push(timing);
    }
  }
  const show = (values: Timing[]) => values.map((t) => t.ms.toFixed(0)).join(', ');
  for (const [name, values] of Object.entries(times))
    process.stdout.write(`${name.padEnd(9)} runs (ms): ${show(values)}\n`);
  const wall = (name: keyof typeof cases) => median(times[name].map((t) => t.ms));
  const cpu = (name: keyof typeof cases) => median(times[name].map((t) => t.cpuMs));
  const help = wall('help');
  const ratio = wall('validate') / wall('xmllint');
  const bytes = fs.statSync(sitemap).size;
  const cpuNote = (name: keyof typeof cases) =>
    withCpu ? ` (CPU ${cpu(name).toFixed(0)} ms)` : '';
  process.stdout.write(
    `mapsmith --help: median ${help.toFixed(0)} ms${cpuNote('help')} (target < 150 ms; a bare \`node -e 0\` takes ${wall('node').toFixed(0)} ms${cpuNote('node')})\n` +
      `mapsmith validate, 50,000 URLs (${(bytes / 1e6).toFixed(1)} MB): median ${wall('validate').toFixed(0)} ms${cpuNote('validate')}; ` +
      `xmllint --schema: median ${wall('xmllint').toFixed(0)} ms${cpuNote('xmllint')}; ratio ${ratio.toFixed(2)} (target < 2)` +
      `${withCpu ? `; CPU ratio ${(cpu('validate') / cpu('xmllint')).toFixed(2)}` : ''}\n` +
      `median of ${RUNS}, whole process, wall clock; load average ${os.loadavg()[0]?.toFixed(1)} on ${os.availableParallelism()} CPUs\n`,
  );
  if (help >= 150 || ratio >= 2) process.exitCode = 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
