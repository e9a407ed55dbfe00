// Issue 13 point 2 on the desktop: a local crawl is compared with the previous crawl of the same
// site when it ends, by the application layer's `CrawlTask` in the crawler process, as a hosted
// worker does; `crawl.changes` and the URL table's change filter show it.
import path from 'node:path';
import type { CrawlChanges } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/index.js';
import { buildDesktop, DESKTOP_OUT } from './support/build';
import { nodeLauncher } from './support/node-launcher';
import { startTestDesktop, TEST_ORIGIN, type TestDesktop } from './support/services';

const ENTRY = path.join(DESKTOP_OUT, 'main/crawler-process.js');
let site: FixtureSite;
let desktop: TestDesktop;

beforeAll(async () => {
  buildDesktop();
  site = await startFixtureSite({ pages: 12, features: ['redirects'] });
  desktop = await startTestDesktop({
    launch: nodeLauncher(ENTRY),
    env: { MAPSMITH_ALLOW_LOOPBACK: '1' },
  });
});
afterAll(async () => {
  await desktop?.dispose();
  await site?.close();
});

async function call<T>(name: string, input: unknown): Promise<T> {
  const reply = await desktop.dispatch(TEST_ORIGIN, name, input);
  if (!reply.ok) throw new Error(`${name}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.value as T;
}

async function crawl(url: string): Promise<string> {
  const { jobId } = await call<{ jobId: string }>('crawl.start', { url });
  await desktop.deps.crawls.settled(jobId);
  return jobId;
}

describe('the desktop change report', () => {
  it('has none for a first crawl, and compares the next crawl of the site with it', async () => {
    const first = await crawl(site.url);
    expect((await call<CrawlChanges>('crawl.changes', { jobId: first })).summary).toBeNull();
    // Typed without the trailing slash this time: still the same site.
    const second = await crawl(site.url.replace(/\/$/, ''));
    const changes = await call<CrawlChanges>('crawl.changes', { jobId: second });
    const listed = (await call<{ resultsTotal: number }>('crawl.get', { jobId: second }))
      .resultsTotal;
    expect(listed).toBeGreaterThan(5);
    expect(changes.summary).toMatchObject({ added: 0, removed: 0, changed: 0, unchanged: listed });
    const unchanged = await call<{ rows: unknown[] }>('crawl.urls', {
      jobId: second,
      change: 'unchanged',
      limit: 100,
    });
    expect(unchanged.rows).toHaveLength(listed);
  });
});
