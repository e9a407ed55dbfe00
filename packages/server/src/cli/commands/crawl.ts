/**
 * `mapsmith crawl <url>`: crawls a site with the core crawler on this machine, shows a progress
 * bar on stderr when it is a terminal, writes one JSON object per URL with `--out`, and prints
 * the summary (as JSON with `--json`).
 */

import { once } from 'node:events';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import {
  type CrawlOptions,
  type CrawlStore,
  type CrawlSummary,
  createCrawler,
  createHttpFetcher,
  createMemoryStore,
  createUrlPolicy,
  type RenderMode,
  writeExports,
} from '@mapsmith/core';
import { createChromiumRenderer } from '@mapsmith/render';
import { progressLine } from './crawl-progress.js';
import { describeResult, parseFormats } from './export.js';

/** Help text of `mapsmith crawl`. */
export const crawlHelp = `mapsmith crawl <url> [--max-pages N] [--max-depth N] [--render auto|never|always]
                    [--concurrency N] [--allow-loopback] [--out FILE.jsonl] [--json]
                    [--formats xml,html,... --out-dir DIR]

Crawls a site from <url> and reports every URL it met with its sitemap verdict.
  --max-pages N      stop after N pages (default 100)
  --max-depth N      follow links at most N clicks from <url> (default 10)
  --render MODE      auto (render app shells in Chromium), never, always (default auto)
  --concurrency N    requests in flight (default 16; at most 8 per host)
  --allow-loopback   allow 127.0.0.1/localhost targets (local test sites only)
  --out FILE.jsonl   write one JSON object per URL
  --json             print the run summary as JSON on stdout
  --formats LIST     with --out-dir: sitemap formats to write (default xml), as "mapsmith export"
  --out-dir DIR      write the sitemap files there after the crawl
Exit status: 0 when the crawl ran, 1 for a bad URL, an unreachable site or a refused address,
2 for bad options, 130 when interrupted.`;

function wholeNumber(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new UsageError(`--${name} must be a whole number of at least ${min}, not "${value}"`);
  return n;
}

class UsageError extends Error {}

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'max-pages': { type: 'string' },
      'max-depth': { type: 'string' },
      render: { type: 'string' },
      concurrency: { type: 'string' },
      'allow-loopback': { type: 'boolean' },
      out: { type: 'string' },
      json: { type: 'boolean' },
      formats: { type: 'string' },
      'out-dir': { type: 'string' },
    },
  });
  if (values.formats !== undefined && values['out-dir'] === undefined)
    throw new UsageError('--formats needs --out-dir DIR');
  if (positionals.length !== 1) throw new UsageError('give exactly one start URL');
  const render = (values.render ?? 'auto') as RenderMode;
  if (!['auto', 'never', 'always'].includes(render))
    throw new UsageError(`--render must be auto, never or always, not "${values.render}"`);
  const concurrency = wholeNumber('concurrency', values.concurrency, 1);
  const options: Partial<CrawlOptions> & { startUrl: string } = {
    startUrl: positionals[0] as string,
    maxPages: wholeNumber('max-pages', values['max-pages'], 1),
    maxDepth: wholeNumber('max-depth', values['max-depth'], 0),
    render,
    concurrency,
    perHostConcurrency: concurrency === undefined ? undefined : Math.min(8, concurrency),
    allowLoopback: values['allow-loopback'] === true || process.env.MAPSMITH_ALLOW_LOOPBACK === '1',
  };
  const outDir = values['out-dir'];
  const exportTo = outDir ? { outDir, formats: parseFormats(values.formats ?? 'xml') } : undefined;
  return { options, out: values.out, json: values.json === true, exportTo };
}

async function writeJsonl(file: string, store: CrawlStore): Promise<void> {
  const stream = fs.createWriteStream(file);
  for await (const page of store.pages())
    if (!stream.write(`${JSON.stringify(page)}\n`)) await once(stream, 'drain');
  stream.end();
  await once(stream, 'finish');
}

function humanSummary(s: CrawlSummary): string {
  const excluded =
    Object.entries(s.excluded)
      .map(([code, n]) => `${n} ${code}`)
      .join(', ') || 'none';
  return `Crawled ${s.pagesCrawled} pages of ${s.startUrl} in ${(s.durationMs / 1000).toFixed(1)} s (${s.endedBy}).
Listed in the sitemap: ${s.included}. Excluded: ${excluded}. Rendered in Chromium: ${s.renderedPages}.\n${(s.notes ?? []).map((note) => `${note}\n`).join('')}`;
}

/** Runs `mapsmith crawl`; resolves with the exit code. */
export async function runCrawl(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    process.stderr.write(`mapsmith crawl: ${(err as Error).message}\n\n${crawlHelp}\n`);
    return 2;
  }
  const { options, out, json, exportTo } = parsed;
  if (out) {
    try {
      fs.writeFileSync(out, '');
    } catch (err) {
      process.stderr.write(`mapsmith crawl: cannot write ${out}: ${(err as Error).message}\n`);
      return 2;
    }
  }
  const policy = createUrlPolicy({ allowLoopback: options.allowLoopback });
  const fetcher = createHttpFetcher({ policy });
  const renderer = options.render === 'never' ? undefined : createChromiumRenderer({ policy });
  const store = createMemoryStore();
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  const tty = process.stderr.isTTY === true;
  let summary: CrawlSummary | undefined;
  try {
    for await (const event of createCrawler({ fetcher, renderer, policy, store }).crawl(
      options,
      controller.signal,
    )) {
      if (event.type === 'progress' && tty)
        process.stderr.write(
          `\r${progressLine(event, options.maxPages ?? 100, process.stderr.columns ?? 80)}`,
        );
      if (event.type === 'done') summary = event.summary;
    }
    if (tty) process.stderr.write('\n');
    if (out) await writeJsonl(out, store);
  } finally {
    process.removeListener('SIGINT', onSigint);
    await renderer?.close();
    await fetcher.close();
  }
  if (!summary) return 1;
  if (exportTo && summary.endedBy !== 'error') {
    const results = await writeExports(exportTo.formats, () => store.pages(), {
      outDir: exportTo.outDir,
    });
    const lines = `${results.map(describeResult).join('\n')}\nWritten to ${exportTo.outDir}\n`;
    // With --json, stdout carries the summary alone.
    (json ? process.stderr : process.stdout).write(lines);
  }
  if (json) {
    const { startUrl, pagesCrawled, included, excluded, renderedPages, endedBy, durationMs } =
      summary;
    process.stdout.write(
      `${JSON.stringify({ startUrl, pagesCrawled, included, excluded, renderedPages, endedBy, durationMs })}\n`,
    );
  } else process.stdout.write(humanSummary(summary));
  if (summary.endedBy === 'error') {
    process.stderr.write(`mapsmith crawl: ${summary.error}\n`);
    return 1;
  }
  return summary.endedBy === 'cancelled' ? 130 : 0;
}
