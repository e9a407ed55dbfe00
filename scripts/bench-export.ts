// `npm run bench:export`: writes 1,000,000 URLs as split xml sitemaps with an index, gzipped,
// three times in fresh child processes, and prints time and peak RSS of each run and the median.
// The pages come from a generator (constant memory) so only the export itself is measured.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makePage } from '../packages/core/src/export/make-page.js';
import { writeExport } from '../packages/core/src/export/node.js';

const URLS = Number(process.env.BENCH_URLS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

// Last-Modified values as the crawler stores them (ISO 8601), made once so the input costs little.
const dates = Array.from({ length: 1000 }, (_, i) =>
  new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
);

function* pages(count: number) {
  for (let i = 0; i < count; i++) {
    const url = `https://www.example.com/section-${i % 100}/article-${i}-with-a-longer-slug`;
    yield makePage(url, { lastModified: i % 2 === 0 ? (dates[i % 1000] ?? null) : null });
  }
}

async function child(): Promise<void> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'mapsmith-bench-export-'));
  const started = performance.now();
  const result = await writeExport({ format: 'xml', pages: pages(URLS), outDir, gzip: true });
  const ms = performance.now() - started;
  const usage = process.cpuUsage();
  const files = readdirSync(outDir).length;
  rmSync(outDir, { recursive: true, force: true });
  process.stdout.write(
    JSON.stringify({
      ms,
      cpuMs: (usage.user + usage.system) / 1000,
      rssMb: process.resourceUsage().maxRSS / 1024,
      files,
      urls: result.urls,
    }),
  );
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

if (process.argv[2] === '--child') {
  await child();
} else {
  const runs: { ms: number; cpuMs: number; rssMb: number; files: number; urls: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    const out = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--child'], {
      encoding: 'utf8',
    });
    if (out.status !== 0) throw new Error(`bench child failed: ${out.stderr}`);
    const run = JSON.parse(out.stdout);
    runs.push(run);
    process.stdout.write(
      `run ${i + 1}: ${run.urls} URLs, ${run.files} files, ${(run.ms / 1000).toFixed(2)} s (process CPU ${(run.cpuMs / 1000).toFixed(2)} s), peak RSS ${run.rssMb.toFixed(0)} MB\n`,
    );
  }
  const ms = median(runs.map((r) => r.ms));
  const rss = median(runs.map((r) => r.rssMb));
  const cpu = median(runs.map((r) => r.cpuMs));
  process.stdout.write(
    `export ${URLS} URLs (xml, split + index + gzip): median ${(ms / 1000).toFixed(2)} s, process CPU ${(cpu / 1000).toFixed(2)} s, peak RSS ${rss.toFixed(0)} MB (limits: 5 s, 200 MB); load average ${os.loadavg()[0]?.toFixed(1)} on ${os.availableParallelism()} CPUs\n`,
  );
  if (ms > 5000 || rss > 200) process.exitCode = 1;
}
