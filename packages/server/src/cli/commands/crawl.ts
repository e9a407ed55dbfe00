/**
 * `mapsmith crawl <url>`: crawls a site with the core crawler on this machine, redraws a
 * progress line on a terminal, writes one JSON object per URL with `--out` and sitemap files
 * with `--out-dir`, and prints the summary (as JSON with `--json`). Ctrl-C ends the crawl
 * cleanly: what was crawled is still written. Options and help: ../options/crawl.ts.
 */

import { once } from 'node:events';
import fs from 'node:fs';
import type { CrawlStore, CrawlSummary, PageRenderer } from '@mapsmith/core';
import { plural } from '@mapsmith/core/counts';
// The crawl's own modules only: the exporters load when --out-dir asks for files.
import {
  createCrawler,
  createHttpFetcher,
  createUrlPolicy,
  defaultParseWorkers,
  type GrowthRaise,
  growthSentence,
  type SpillStore,
  storeForCap,
  usesSpillStore,
} from '@mapsmith/core/crawl';
import { UsageError } from '../args.js';
import { type CrawlCommand, parseCrawlArgs } from '../options/crawl.js';
import { siteAuthFromFlags } from '../options/site-auth.js';
import { collectOftenForSpill } from './crawl-heap.js';
import { ProgressDisplay } from './crawl-progress.js';

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
  return `Crawled ${plural(s.pagesCrawled, 'page')} of ${s.startUrl} in ${(s.durationMs / 1000).toFixed(1)} s (${s.endedBy}).
Listed in the sitemap: ${s.included}. Excluded: ${excluded}. Rendered in Chromium: ${s.renderedPages}.${pageCapLine(s)}${growthLine(s)}
${(s.notes ?? []).map((n) => `${n.endsWith('.') ? n : `${n}.`}\n`).join('')}`;
}

/** The page cap's line: how many URLs were still waiting when it stopped the crawl. */
function pageCapLine(s: CrawlSummary): string {
  const waiting = s.pruned?.['page-limit'] ?? 0;
  if (s.endedBy !== 'page-limit' || waiting === 0) return '';
  return `\nStopped at the page cap (--max-pages); ${plural(waiting, 'more URL was', 'more URLs were')} waiting.`;
}

/** How a user of the CLI raises each growth bound (options/crawl.ts). */
const RAISE: GrowthRaise = {
  'storage-limit': '--max-storage-mb',
  'frontier-limit': '--max-frontier-urls',
};

/** Which growth bound ended the crawl and the flag that raises it, or undefined. */
function growthStop(s: CrawlSummary): string | undefined {
  if (s.endedBy !== 'storage-limit' && s.endedBy !== 'frontier-limit') return undefined;
  return growthSentence(s.endedBy, s.limit, '', RAISE);
}

/** The growth bound's line of the human summary. */
function growthLine(s: CrawlSummary): string {
  const stop = growthStop(s);
  return stop === undefined ? '' : `\n${stop}`;
}

function jsonSummary(s: CrawlSummary): string {
  const { startUrl, pagesCrawled, included, excluded, renderedPages, endedBy, durationMs } = s;
  const { pruned, notes } = s;
  const stop = growthStop(s);
  // A growth bound's figure (bytes or URLs) and its sentence, as the human summary says them.
  const bound = stop === undefined ? {} : { limit: s.limit, stopped: stop };
  const picked = {
    startUrl,
    pagesCrawled,
    included,
    excluded,
    renderedPages,
    endedBy,
    durationMs,
    pruned,
    notes,
    ...bound,
  };
  return `${JSON.stringify(picked)}\n`;
}

async function rendererFor(command: CrawlCommand, policy: ReturnType<typeof createUrlPolicy>) {
  if (command.options.render === 'never') return undefined;
  // Chromium's driver loads only for crawls that may render.
  const { createChromiumRenderer } = await import('@mapsmith/render');
  return createChromiumRenderer({ policy });
}

/** Crawls into the store; Ctrl-C (SIGINT) aborts it and the crawl ends as `cancelled`. */
async function crawl(command: CrawlCommand, store: CrawlStore): Promise<CrawlSummary | undefined> {
  const { options, json } = command;
  const policy = createUrlPolicy({ allowLoopback: options.allowLoopback });
  const fetcher = createHttpFetcher({ policy, userAgent: command.userAgent });
  const renderer: PageRenderer | undefined = await rendererFor(command, policy);
  const controller = new AbortController();
  // `once`: a second Ctrl-C meets Node's default handler and ends the process at once.
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  // Only for a person watching: not when output is piped or read as JSON.
  const display =
    !json && process.stderr.isTTY && process.stdout.isTTY
      ? new ProgressDisplay(process.stderr)
      : undefined;
  let summary: CrawlSummary | undefined;
  try {
    const parseWorkers = command.parseWorkers ?? defaultParseWorkers();
    const crawler = createCrawler({ fetcher, renderer, policy, store, tuning: { parseWorkers } });
    for await (const event of crawler.crawl(options, controller.signal)) {
      if (event.type === 'progress') display?.progress(event);
      else if (event.type === 'page') display?.page(event.page);
      else summary = event.summary;
    }
  } finally {
    display?.clear();
    process.removeListener('SIGINT', onSigint);
    await renderer?.close();
    await fetcher.close();
  }
  return summary;
}

/** Runs `mapsmith crawl`; resolves with the exit code. */
export async function runCrawl(argv: string[]): Promise<number> {
  let command: CrawlCommand;
  try {
    command = parseCrawlArgs(argv, process.env.MAPSMITH_ALLOW_LOOPBACK === '1');
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(
      `mapsmith crawl: ${err.message}\nRun "mapsmith crawl --help" for usage.\n`,
    );
    return 2;
  }
  try {
    if (command.siteAuth)
      command.options.siteAuth = await siteAuthFromFlags(command.siteAuth, process.env);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`mapsmith crawl: ${err.message}\n`);
    return 2;
  }
  const { out } = command;
  if (out) {
    try {
      fs.writeFileSync(out, '');
    } catch (err) {
      process.stderr.write(`mapsmith crawl: cannot write ${out}: ${(err as Error).message}\n`);
      return 2;
    }
  }
  // A large crawl's records and frontier spill to SQLite's temporary file, so memory stays flat
  // whatever the site's size (the file goes with the process however it ends); a smaller one
  // keeps them in memory, cheaper per page (`storeForCap`). A spilling crawl's process collects
  // its old generation more often (`collectOftenForSpill`).
  if (usesSpillStore(command.options.maxPages)) collectOftenForSpill();
  const store = storeForCap(command.options.maxPages);
  try {
    return await crawlAndWrite(command, store);
  } finally {
    store.close();
  }
}

/** Crawls, writes what was asked for from the store and prints the summary. */
async function crawlAndWrite(command: CrawlCommand, store: SpillStore): Promise<number> {
  const { out, json, exportTo } = command;
  const summary = await crawl(command, store);
  if (!summary) return 1;
  // An interrupted crawl still writes what it has: that is what Ctrl-C promises.
  if (out) await writeJsonl(out, store);
  if (exportTo && summary.endedBy !== 'error') {
    const [{ writeExports }, { describeResult }] = await Promise.all([
      import('@mapsmith/core'),
      import('./export.js'),
    ]);
    const results = await writeExports(exportTo.formats, () => store.listed(), {
      ...exportTo.options,
      outDir: exportTo.outDir,
    });
    const lines = `${results.map(describeResult).join('\n')}\nWritten to ${exportTo.outDir}\n`;
    // With --json, stdout carries the summary alone.
    (json ? process.stderr : process.stdout).write(lines);
  }
  process.stdout.write(json ? jsonSummary(summary) : humanSummary(summary));
  if (summary.endedBy === 'error') {
    process.stderr.write(`mapsmith crawl: ${summary.error}\n`);
    return 1;
  }
  if (summary.endedBy === 'cancelled') {
    const kept = out || exportTo ? '; what was crawled is written' : '';
    process.stderr.write(
      `mapsmith crawl: interrupted after ${plural(summary.pagesCrawled, 'page')}${kept}\n`,
    );
    return 130;
  }
  return 0;
}
