// One benchmark crawl in its own process, so its peak RSS is the crawler's alone. Reads a JSON
// job from argv[2] ({ url, expectedFile, render, concurrency, perHost, maxPages, store,
// exportDir }): the store is the CLI's (`spill`, the default) or the in-memory one (`memory`);
// with exportDir the run ends as `mapsmith crawl --out --out-dir` does, writing the JSONL
// report and every sitemap format from the store (their peak RSS counts too). Prints one
// JSON line: pages, seconds, cpuSeconds (user + system of this process), pagesPerSecond,
// peakRssMb, liveHeapMb, recall, precision, endedBy.
import fs from 'node:fs';
import path from 'node:path';
import {
  type CrawlStore,
  createCrawler,
  createHttpFetcher,
  createMemoryStore,
  createUrlPolicy,
  EXPORT_FORMATS,
  type PageRenderer,
  type RenderMode,
  writeExports,
} from '@mapsmith/core';
import { createSpillStore, storeForCap, usesSpillStore } from '@mapsmith/core/crawl';
import { createChromiumRenderer } from '@mapsmith/render';
import { collectOftenForSpill } from '../packages/server/src/cli/commands/crawl-heap.js';
import { startMemorySampler } from './bench-memory-sampler.js';

interface Job {
  url: string;
  expectedFile: string;
  render: RenderMode;
  concurrency: number;
  perHost: number;
  maxPages: number;
  renderPool?: number;
  store?: 'spill' | 'memory';
  exportDir?: string;
}

const job = JSON.parse(process.argv[2] ?? '{}') as Job;
const policy = createUrlPolicy({ allowLoopback: true });
const fetcher = createHttpFetcher({ policy, connectionsPerOrigin: job.perHost });
const renderer: PageRenderer | undefined =
  job.render === 'never'
    ? undefined
    : createChromiumRenderer({ policy, poolSize: job.renderPool ?? 4 });
// The store `mapsmith crawl` picks for this page cap, unless the bench names one, and the heap
// growth it sets for a spilling crawl.
if (!job.store && usesSpillStore(job.maxPages)) collectOftenForSpill();
const store: CrawlStore =
  job.store === 'memory'
    ? createMemoryStore()
    : job.store === 'spill'
      ? createSpillStore()
      : storeForCap(job.maxPages);
const crawler = createCrawler({ fetcher, policy, renderer, store });
let pages = 0;
let endedBy = '';
// RSS and heap along the way, for the growth per page past 100,000 pages.
const CHECKPOINTS = new Set([
  5_000, 50_000, 100_000, 200_000, 300_000, 500_000, 750_000, 1_000_000,
]);
const checkpoints: { pages: number; rssMb: number; peakRssMb: number; heapMb: number }[] = [];
const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;
// The heap is measured after a full collection: what the crawl holds, not its garbage.
const checkpoint = (at: number) => {
  const rssMb = mb(process.memoryUsage.rss());
  const peakRssMb = mb(process.resourceUsage().maxRSS * 1024);
  (globalThis as { gc?: () => void }).gc?.();
  return { pages: at, rssMb, peakRssMb, heapMb: mb(process.memoryUsage().heapUsed) };
};
const sampler = startMemorySampler();
const started = performance.now();
for await (const event of crawler.crawl({
  startUrl: job.url,
  render: job.render,
  maxPages: job.maxPages,
  concurrency: job.concurrency,
  perHostConcurrency: job.perHost,
  // A generated site's pages share one template and may take hours on a loaded machine.
  maxUrlsPerTemplate: job.maxPages,
  // The trap bound on stored bytes (1 GiB by default) ends a crawl of this site at about 660,000
  // pages (its ~40 links a page are stored rows); the bench measures memory to its page cap.
  maxStoredBytes: Number.MAX_SAFE_INTEGER,
  timeLimitMs: 24 * 3600 * 1000,
})) {
  if (event.type === 'page') {
    pages++;
    if (CHECKPOINTS.has(pages)) checkpoints.push(checkpoint(pages));
  }
  if (event.type === 'done') endedBy = event.summary.endedBy;
}
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage();
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
const peakMb = () => Math.round(process.resourceUsage().maxRSS / 1024);
const exportPeaks: { step: string; peakRssMb: number }[] = [];
if (job.exportDir) {
  sampler.phase('jsonl');
  const out = fs.createWriteStream(path.join(job.exportDir, 'crawl.jsonl'));
  for await (const page of store.pages())
    if (!out.write(`${JSON.stringify(page)}\n`))
      await new Promise<void>((r) => out.once('drain', () => r()));
  await new Promise<void>((r) => out.end(r));
  exportPeaks.push({ step: 'jsonl', peakRssMb: peakMb() });
  // One format at a time, so the peak RSS after each says which export raised it.
  for (const format of EXPORT_FORMATS) {
    sampler.phase(format);
    await writeExports([format], () => store.listed(), { outDir: job.exportDir });
    exportPeaks.push({ step: format, peakRssMb: peakMb() });
  }
}
const memoryPeaks = sampler.stop();
const exportSeconds = (performance.now() - started) / 1000 - seconds;
const cpuAfter = process.cpuUsage();
const exportCpuSeconds = (cpuAfter.user + cpuAfter.system) / 1e6 - cpuSeconds;
// The heap still alive at the end (records in the memory store, frontier keys), after a full GC.
(globalThis as { gc?: () => void }).gc?.();
const liveHeapMb = process.memoryUsage().heapUsed / 1024 / 1024;
await renderer?.close();
await fetcher.close();
// Peak RSS before the check below, which holds the site's whole URL list: the crawler's own.
const peakRssMb = process.resourceUsage().maxRSS / 1024;
const expected = new Set<string>(JSON.parse(fs.readFileSync(job.expectedFile, 'utf8')));
let hits = 0;
let listed = 0;
for await (const page of store.listed()) {
  listed++;
  if (expected.has(page.url)) hits++;
}
process.stdout.write(
  `${JSON.stringify({
    pages,
    seconds,
    exportSeconds,
    exportCpuSeconds,
    cpuSeconds,
    pagesPerSecond: pages / seconds,
    peakRssMb,
    liveHeapMb,
    recall: hits / expected.size,
    precision: listed ? hits / listed : 0,
    endedBy,
    checkpoints,
    exportPeaks,
    memoryPeaks,
  })}\n`,
);
