// `npm run bench:validate`: checks a 50,000-URL sitemap (about 11 MB) with the streaming
// checker, three times in fresh Node processes (time and peak RSS) and three times in headless
// Chromium (the browser-safe build, bundled with esbuild), and prints the medians.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { checkSitemap } from '../packages/core/src/checker/index.js';
import { chromiumLaunchOptions } from '../tests/e2e/support/chromium.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const root = path.resolve(import.meta.dirname, '..');

/**
 * A valid 50,000-URL sitemap of about 11 MB, every entry with loc, lastmod, changefreq and
 * priority; also shipped into the browser as source text.
 */
function makeSitemap(count: number): string {
  // Inside the function: bench:validate ships its source into the browser.
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
  return parts.join('');
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function child(): void {
  const text = makeSitemap(50_000);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const result = checkSitemap(text);
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  if (!result.isValid || result.stats.validUrls !== 50_000) throw new Error('unexpected result');
  const rssMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(JSON.stringify({ ms, cpuMs, rssMb, bytes: Buffer.byteLength(text) }));
}

async function inChromium(): Promise<number[]> {
  const bundle = await build({
    entryPoints: [path.join(root, 'packages/core/src/checker/index.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'mapsmithChecker',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const code = bundle.outputFiles[0]?.text ?? '';
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const page = await browser.newPage();
      await page.addScriptTag({
        content: `${code}\nwindow.makeSitemap = ${makeSitemap.toString()};`,
      });
      const ms = await page.evaluate(() => {
        const w = window as unknown as {
          makeSitemap: (n: number) => string;
          mapsmithChecker: { checkSitemap: typeof checkSitemap };
        };
        const text = w.makeSitemap(50_000);
        const started = performance.now();
        const result = w.mapsmithChecker.checkSitemap(text);
        if (result.stats.validUrls !== 50_000) throw new Error('unexpected result');
        return performance.now() - started;
      });
      times.push(ms);
      await page.close();
    }
    return times;
  } finally {
    await browser.close();
  }
}

if (process.argv[2] === '--child') {
  child();
} else {
  const runs: { ms: number; cpuMs: number; rssMb: number; bytes: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    const out = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--child'], {
      encoding: 'utf8',
    });
    if (out.status !== 0) throw new Error(`bench child failed: ${out.stderr}`);
    const run = JSON.parse(out.stdout);
    runs.push(run);
    process.stdout.write(
      `node run ${i + 1}: ${(run.bytes / 1e6).toFixed(1)} MB, ${run.ms.toFixed(0)} ms (CPU ${run.cpuMs.toFixed(0)} ms), peak RSS ${run.rssMb.toFixed(0)} MB\n`,
    );
  }
  const chrome = await inChromium();
  chrome.forEach((ms, i) => {
    process.stdout.write(`chromium run ${i + 1}: ${ms.toFixed(0)} ms\n`);
  });
  const nodeMs = median(runs.map((r) => r.ms));
  const chromeMs = median(chrome);
  process.stdout.write(
    `check 50,000 URLs: node median ${nodeMs.toFixed(0)} ms (CPU ${median(runs.map((r) => r.cpuMs)).toFixed(0)} ms, peak RSS ${median(runs.map((r) => r.rssMb)).toFixed(0)} MB), chromium median ${chromeMs.toFixed(0)} ms (limits: 500 ms, 1000 ms); load average ${os.loadavg()[0]?.toFixed(1)} on ${os.availableParallelism()} CPUs\n`,
  );
  if (nodeMs > 500 || chromeMs > 1000) process.exitCode = 1;
}
