// One benchmark crawl in its own process, so its peak RSS is the crawler's alone. Reads a JSON
// job from argv[2] ({ url, expectedFile, render, concurrency, perHost, maxPages }), prints one
// JSON line: pages, seconds, pagesPerSecond, peakRssMb, recall, precision, endedBy.
import fs from 'node:fs';
import {
  createCrawler,
  createHttpFetcher,
  createUrlPolicy,
  type PageRenderer,
  type RenderMode,
} from '@mapsmith/core';
import { createChromiumRenderer } from '@mapsmith/render';

interface Job {
  url: string;
  expectedFile: string;
  render: RenderMode;
  concurrency: number;
  perHost: number;
  maxPages: number;
  renderPool?: number;
}

const job = JSON.parse(process.argv[2] ?? '{}') as Job;
const policy = createUrlPolicy({ allowLoopback: true });
const fetcher = createHttpFetcher({ policy, connectionsPerOrigin: job.perHost });
const renderer: PageRenderer | undefined =
  job.render === 'never'
    ? undefined
    : createChromiumRenderer({ policy, poolSize: job.renderPool ?? 4 });
const crawler = createCrawler({ fetcher, policy, renderer });
const listed = new Set<string>();
let pages = 0;
let endedBy = '';
const started = performance.now();
for await (const event of crawler.crawl({
  startUrl: job.url,
  render: job.render,
  maxPages: job.maxPages,
  concurrency: job.concurrency,
  perHostConcurrency: job.perHost,
})) {
  if (event.type === 'page') {
    pages++;
    if (event.page.verdict.included) listed.add(event.page.url);
  }
  if (event.type === 'done') endedBy = event.summary.endedBy;
}
const seconds = (performance.now() - started) / 1000;
// The heap still alive at the end (records in the memory store, frontier keys), after a full GC.
(globalThis as { gc?: () => void }).gc?.();
const liveHeapMb = process.memoryUsage().heapUsed / 1024 / 1024;
await renderer?.close();
await fetcher.close();
const expected: string[] = JSON.parse(fs.readFileSync(job.expectedFile, 'utf8'));
const hits = expected.filter((u) => listed.has(u)).length;
process.stdout.write(
  `${JSON.stringify({
    pages,
    seconds,
    pagesPerSecond: pages / seconds,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    liveHeapMb,
    recall: hits / expected.length,
    precision: listed.size ? hits / listed.size : 0,
    endedBy,
  })}\n`,
);
