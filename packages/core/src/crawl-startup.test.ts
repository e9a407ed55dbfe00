// What `mapsmith crawl` loads before its first request (issue 28 point 1: start-up is paid by
// every crawl). The crawl's entry is imported in a fresh process that records every module
// it loads, and the crawl to a refused port runs to its end there.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

const script = `
import module from 'node:module';
const loaded = [];
module.registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
const crawl = await import(${JSON.stringify(path.join(import.meta.dirname, 'crawl.ts'))});
const policy = crawl.createUrlPolicy({ allowLoopback: true });
const fetcher = crawl.createHttpFetcher({ policy });
const crawler = crawl.createCrawler({ fetcher, policy, store: crawl.storeForCap(10) });
for await (const event of crawler.crawl({ startUrl: 'http://127.0.0.1:1/', maxPages: 10 })) {}
await fetcher.close();
console.log(JSON.stringify(loaded));
`;

it("loads neither undici's index nor the sitemap checker for a crawl", () => {
  const child = spawnSync(
    process.execPath,
    ['--conditions', 'source', '--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  expect(child.status, child.stderr).toBe(0);
  const loaded = JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '[]') as string[];
  // The hook does see the packages the crawl imports.
  expect(loaded.some((url) => url.endsWith('/htmlparser2/dist/index.js'))).toBe(true);
  expect(loaded.filter((url) => url.endsWith('/undici/index.js'))).toEqual([]);
  expect(loaded.filter((url) => url.includes('/checker/'))).toEqual([]);
}, 60_000);
