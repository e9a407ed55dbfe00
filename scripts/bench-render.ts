// `npm run bench:render`: the rendered crawl against a bare puppeteer loop over the same URLs.
// A fixture site of BENCH_RENDER_PAGES pages (default 300, with an app shell) is served by a
// separate process. Each run crawls it with `render: always` (static fetch, robots.txt, the
// render, link extraction), then gives the URLs the crawl rendered to a bare loop: the same
// Chromium, the same number of tabs, `goto` until `load`, `content()`, nothing blocked. Runs
// alternate which goes first; medians of BENCH_RUNS (default 3). Target (issue 18): the crawl
// renders at least 0.8 x the loop's pages per second. Only a wrong crawl fails the script.
import os from 'node:os';
import {
  type CrawledPage,
  createCrawler,
  createHttpFetcher,
  createUrlPolicy,
} from '@mapsmith/core';
import { createChromiumRenderer } from '@mapsmith/render';
import puppeteer from 'puppeteer-core';
import { startFixtureSiteProcess } from '../tests/fixtures/site/process.js';

const pages = Number(process.env.BENCH_RENDER_PAGES ?? 300);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const pool = Number(process.env.BENCH_RENDER_POOL ?? 4);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const policy = createUrlPolicy({ allowLoopback: true });

interface Timed {
  urls: string[];
  seconds: number;
  listed: Set<string>;
}

async function renderedCrawl(startUrl: string): Promise<Timed> {
  const fetcher = createHttpFetcher({ policy, connectionsPerOrigin: 16 });
  const renderer = createChromiumRenderer({ policy, poolSize: pool, executablePath: chromium });
  const crawler = createCrawler({ fetcher, policy, renderer });
  const rendered: CrawledPage[] = [];
  const listed = new Set<string>();
  const started = performance.now();
  for await (const event of crawler.crawl({
    startUrl,
    render: 'always',
    maxPages: pages + 100,
    concurrency: 16,
    perHostConcurrency: 16,
  })) {
    if (event.type !== 'page') continue;
    if (event.page.rendered) rendered.push(event.page);
    if (event.page.verdict.included) listed.add(event.page.url);
  }
  const seconds = (performance.now() - started) / 1000;
  await renderer.close();
  await fetcher.close();
  return { urls: rendered.map((p) => p.finalUrl), seconds, listed };
}

async function bareLoop(urls: string[]): Promise<number> {
  const started = performance.now();
  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    pipe: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const queue = [...urls];
  await Promise.all(
    Array.from({ length: pool }, async () => {
      const page = await browser.newPage();
      for (let url = queue.shift(); url; url = queue.shift()) {
        await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
        await page.content();
      }
    }),
  );
  await browser.close();
  return (performance.now() - started) / 1000;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

process.stdout.write(
  `bench:render on ${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; ${pages} pages, ${pool} tabs\n`,
);
const site = await startFixtureSiteProcess({ pages, features: ['script'] });
const crawlRates: number[] = [];
const loopRates: number[] = [];
let correct = true;
try {
  for (let i = 0; i < runs; i++) {
    const crawlFirst = i % 2 === 0;
    let loopSeconds = 0;
    let crawl: Timed;
    if (crawlFirst) {
      crawl = await renderedCrawl(site.url);
      loopSeconds = await bareLoop(crawl.urls);
    } else {
      // The loop needs the crawl's URLs: a warm-up crawl names them, untimed.
      const names = await renderedCrawl(site.url);
      loopSeconds = await bareLoop(names.urls);
      crawl = await renderedCrawl(site.url);
    }
    const expected = site.expectedSitemapUrls;
    const exact =
      expected.length === crawl.listed.size && expected.every((u) => crawl.listed.has(u));
    correct &&= exact;
    const crawlRate = crawl.urls.length / crawl.seconds;
    const loopRate = crawl.urls.length / loopSeconds;
    crawlRates.push(crawlRate);
    loopRates.push(loopRate);
    process.stdout.write(
      `  run ${i + 1}: crawl ${crawl.urls.length} rendered in ${crawl.seconds.toFixed(2)} s = ${crawlRate.toFixed(1)} pages/s; bare loop ${loopSeconds.toFixed(2)} s = ${loopRate.toFixed(1)} pages/s; ratio ${(crawlRate / loopRate).toFixed(2)}${exact ? '' : ' WRONG SITEMAP'}\n`,
    );
  }
} finally {
  await site.close();
}
const ratio = median(crawlRates.map((c, i) => c / (loopRates[i] as number)));
process.stdout.write(
  `rendered crawl (median of ${runs}): ${median(crawlRates).toFixed(1)} pages/s; bare puppeteer loop ${median(loopRates).toFixed(1)} pages/s; median paired ratio ${ratio.toFixed(2)} ${ratio >= 0.8 ? 'OK' : 'BELOW TARGET'} (target >= 0.8)\n`,
);
process.exitCode = correct ? 0 : 1;
