import path from 'node:path';
import type { CrawlJob } from '@mapsmith/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/index.js';
import { buildDesktop, DESKTOP_OUT } from './support/build';
import { type HostedServer, startHostedServer } from './support/hosted-stub';
import { nodeLauncher } from './support/node-launcher';
import { startTestDesktop, TEST_ORIGIN, type TestDesktop } from './support/services';

const ENTRY = path.join(DESKTOP_OUT, 'main/crawler-process.js');
const PRO_TOKEN = 'msk_pro_settings_0123456789';

let site: FixtureSite;
let hosted: HostedServer;
let desktop: TestDesktop | undefined;
beforeAll(async () => {
  buildDesktop();
  [site, hosted] = await Promise.all([
    startFixtureSite({ pages: 30 }),
    startHostedServer({
      [PRO_TOKEN]: { username: 'agency', isPro: true, proUntil: '2099-01-01T00:00:00.000Z' },
    }),
  ]);
});
afterAll(() => Promise.all([site.close(), hosted.close()]));
afterEach(async () => {
  await desktop?.dispose();
  desktop = undefined;
});

async function open(): Promise<TestDesktop> {
  desktop = await startTestDesktop({
    launch: nodeLauncher(ENTRY),
    env: { MAPSMITH_ALLOW_LOOPBACK: '1', MAPSMITH_HOSTED_URL: hosted.url },
  });
  return desktop;
}

const settings = { maxDepth: 1, exclude: ['/p/2'], userAgentSuffix: '(desk@agency.test)' };

describe('crawl settings in the desktop app', () => {
  it('refuses settings on the free plan with crawl.settings-pro and records no crawl', async () => {
    const d = await open();
    const reply = await d.dispatch(TEST_ORIGIN, 'crawl.start', { url: site.url, settings });
    expect(reply).toMatchObject({ ok: false, status: 403, body: { code: 'crawl.settings-pro' } });
    expect(await d.dispatch(TEST_ORIGIN, 'history.list', {})).toEqual({ ok: true, value: [] });
  });

  it('crawls with them once a Pro account is linked, and crawl.get says what they were', async () => {
    const d = await open();
    await d.dispatch(TEST_ORIGIN, 'account.link', { token: PRO_TOKEN });
    const started = await d.dispatch(TEST_ORIGIN, 'crawl.start', { url: site.url, settings });
    if (!started.ok) throw new Error(JSON.stringify(started.body));
    const { jobId } = started.value as { jobId: string };
    await d.deps.crawls.settled(jobId);
    const reply = await d.dispatch(TEST_ORIGIN, 'crawl.get', { jobId });
    const job = (reply.ok ? reply.value : null) as CrawlJob;
    expect(job.status).toBe('completed');
    expect(job.settings).toEqual(settings);
    // The home page and its direct links (depth 1), without the excluded one.
    const listed = job.results.map((r) => new URL(r.url).pathname).sort();
    expect(listed).toEqual(['/', '/p/1', '/p/3', '/p/4', '/p/5']);
    const agents = new Set(site.requests().map((r) => r.userAgent));
    expect([...agents].some((a) => a.endsWith('(desk@agency.test)'))).toBe(true);
    expect([...agents].every((a) => a.startsWith('MapsmithBot/'))).toBe(true);
  });

  it('refuses bulk crawls with the reason: they run on the hosted site', async () => {
    const d = await open();
    const reply = await d.dispatch(TEST_ORIGIN, 'bulk.start', { list: site.url });
    expect(reply).toMatchObject({ ok: false, status: 400 });
    expect(JSON.stringify(reply)).toMatch(/Bulk crawls of many sites run on/);
  });
});
