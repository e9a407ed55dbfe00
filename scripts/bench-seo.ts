// `npm run bench:seo`: the SEO analysis of 1,000,000 synthetic pages, streamed from a generator
// (nothing kept but what the rules keep), three times in fresh child processes; then the array
// form at 100,000 pages (every record held, as the routes did before streaming) for comparison.
// Prints wall time and peak RSS of each run and the medians. BENCH_SEO_WORST=1 adds a run where
// every title and description is unique and every canonical points elsewhere: the rules' most
// memory-hungry input (the first page of each value and each pending canonical are kept).
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import type { PageRecord } from '../packages/core/src/crawler/types.js';
import { analyzeSeo, analyzeSeoStream } from '../packages/core/src/seo/analyze.js';
import { syntheticCrawl } from '../packages/core/src/seo/synthetic-crawl.js';

const PAGES = Number(process.env.BENCH_PAGES ?? 1_000_000);
const ARRAY_PAGES = Number(process.env.BENCH_ARRAY_PAGES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const RSS_LIMIT_MB = 300;
const TIME_LIMIT_MS = 20_000;

type Mode = 'stream' | 'array' | 'worst';

function* worst(count: number): Generator<PageRecord> {
  for (const page of syntheticCrawl(count, 3)) {
    yield {
      ...page,
      title: `Unique title of ${page.url}`,
      metaDescription: `A unique description of ${page.url}, long enough to be a snippet.`,
      canonical: `${page.url}?canonical`,
    };
  }
}

async function child(mode: Mode): Promise<void> {
  const started = performance.now();
  let pages = PAGES;
  let result: Awaited<ReturnType<typeof analyzeSeoStream>>;
  if (mode === 'array') {
    pages = ARRAY_PAGES;
    result = analyzeSeo([...syntheticCrawl(ARRAY_PAGES, 1)]);
  } else {
    result = await analyzeSeoStream(mode === 'worst' ? worst(PAGES) : syntheticCrawl(PAGES, 1));
  }
  const ms = performance.now() - started;
  process.stdout.write(
    JSON.stringify({
      ms,
      rssMb: process.resourceUsage().maxRSS / 1024,
      pages: result.stats.totalPages,
      expected: pages,
      score: result.score,
      issues: result.issues.length,
    }),
  );
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function measure(mode: Mode, runs: number): { ms: number; rssMb: number } {
  const results: { ms: number; rssMb: number }[] = [];
  for (let i = 0; i < runs; i++) {
    const out = spawnSync(
      process.execPath,
      ['--import', 'tsx', import.meta.filename, '--child', mode],
      { encoding: 'utf8' },
    );
    if (out.status !== 0) throw new Error(`bench child failed: ${out.stderr}`);
    const run = JSON.parse(out.stdout);
    if (run.pages !== run.expected)
      throw new Error(`analysed ${run.pages} of ${run.expected} pages`);
    results.push(run);
    process.stdout.write(
      `${mode} run ${i + 1}: ${run.pages} pages, score ${run.score}, ${run.issues} issues, ${(run.ms / 1000).toFixed(2)} s, peak RSS ${run.rssMb.toFixed(0)} MB\n`,
    );
  }
  return { ms: median(results.map((r) => r.ms)), rssMb: median(results.map((r) => r.rssMb)) };
}

if (process.argv[2] === '--child') {
  await child((process.argv[3] ?? 'stream') as Mode);
} else {
  const stream = measure('stream', RUNS);
  const array = measure('array', RUNS);
  const load = `load average ${os.loadavg()[0]?.toFixed(1)} on ${os.availableParallelism()} CPUs`;
  process.stdout.write(
    `seo stream ${PAGES} pages: median ${(stream.ms / 1000).toFixed(2)} s, peak RSS ${stream.rssMb.toFixed(0)} MB (limits: ${TIME_LIMIT_MS / 1000} s, ${RSS_LIMIT_MB} MB); ${load}\n` +
      `seo array ${ARRAY_PAGES} pages (every record held): median ${(array.ms / 1000).toFixed(2)} s, peak RSS ${array.rssMb.toFixed(0)} MB\n`,
  );
  if (process.env.BENCH_SEO_WORST === '1') {
    const bad = measure('worst', RUNS);
    process.stdout.write(
      `seo stream ${PAGES} pages, all titles, descriptions and canonicals distinct: median ${(bad.ms / 1000).toFixed(2)} s, peak RSS ${bad.rssMb.toFixed(0)} MB\n`,
    );
  }
  if (stream.ms > TIME_LIMIT_MS || stream.rssMb > RSS_LIMIT_MB) process.exitCode = 1;
}
