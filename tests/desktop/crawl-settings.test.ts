import path from 'node:path';
import { type CrawlJob, MASKED_SECRET } from '@mapsmith/core';
import { Database } from '@mapsmith/sqlite';
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

/** Links a Pro account, crawls the fixture with `chosen` to its end, and answers crawl.get. */
async function proCrawl(chosen: object): Promise<{ d: TestDesktop; jobId: string; job: CrawlJob }> {
  const d = await open();
  await d.dispatch(TEST_ORIGIN, 'account.link', { token: PRO_TOKEN });
  const started = await d.dispatch(TEST_ORIGIN, 'crawl.start', { url: site.url, settings: chosen });
  if (!started.ok) throw new Error(JSON.stringify(started.body));
  const { jobId } = started.value as { jobId: string };
  await d.deps.crawls.settled(jobId);
  const reply = await d.dispatch(TEST_ORIGIN, 'crawl.get', { jobId });
  return { d, jobId, job: (reply.ok ? reply.value : null) as CrawlJob };
}

const PASSWORD = 'pw-desk-5a1c77';
const TOKEN = 'Bearer desk-e90b13';
const stagingSettings = {
  siteAuth: {
    basic: { username: 'stager', password: PASSWORD },
    headers: [{ name: 'Authorization', value: TOKEN }],
  },
};

/** Every value of every row of every table of the desktop's data file, as one text. */
async function everything(file: string): Promise<string> {
  const db = await Database.open(file);
  try {
    const tables = await db.all<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table'",
    );
    const parts: string[] = [];
    for (const { name } of tables)
      parts.push(JSON.stringify(await db.all(`SELECT * FROM "${name}"`)));
    return parts.join('\n');
  } finally {
    await db.close();
  }
}

const settings = { maxDepth: 1, exclude: ['/p/2'], userAgentSuffix: '(desk@agency.test)' };

describe('crawl settings in the desktop app', () => {
  it('refuses settings on the free plan with auth.pro-required and records no crawl', async () => {
    const d = await open();
    const reply = await d.dispatch(TEST_ORIGIN, 'crawl.start', { url: site.url, settings });
    expect(reply).toMatchObject({
      ok: false,
      status: 403,
      body: { code: 'auth.pro-required', message: expect.stringMatching(/^Crawl settings/) },
    });
    expect(await d.dispatch(TEST_ORIGIN, 'history.list', {})).toEqual({ ok: true, value: [] });
  });

  it('crawls with them once a Pro account is linked, and crawl.get says what they were', async () => {
    const { job } = await proCrawl(settings);
    expect(job.status).toBe('completed');
    expect(job.settings).toEqual(settings);
    // The home page and its direct links (depth 1), without the excluded one.
    const listed = job.results.map((r) => new URL(r.url).pathname).sort();
    expect(listed).toEqual(['/', '/p/1', '/p/3', '/p/4', '/p/5']);
    const agents = new Set(site.requests().map((r) => r.userAgent));
    expect([...agents].some((a) => a.endsWith('(desk@agency.test)'))).toBe(true);
    expect([...agents].every((a) => a.startsWith('MapsmithBot/'))).toBe(true);
  });

  it('refuses bulk crawls to the free plan as hosted does, saying to link a Pro account', async () => {
    const d = await open();
    const reply = await d.dispatch(TEST_ORIGIN, 'bulk.start', { list: site.url });
    expect(reply).toMatchObject({ ok: false, status: 403, body: { code: 'auth.pro-required' } });
    expect(JSON.stringify(reply)).toMatch(/Link a Pro account/);
  });
});

describe('staging-site credentials in the desktop app', () => {
  it('are kept sealed by safeStorage, shown masked, and deleted with the crawl', async () => {
    const { d, jobId, job } = await proCrawl(stagingSettings);
    expect(job.status).toBe('completed');
    expect(job.settings).toEqual({
      siteAuth: {
        basic: { username: 'stager', password: MASKED_SECRET },
        headers: [{ name: 'Authorization', value: MASKED_SECRET }],
      },
    });
    // The crawl ran with them: main opened what it sealed.
    expect((await d.deps.data.jobs.get(jobId, 1))?.settings).toEqual(stagingSettings);
    const history = JSON.stringify(await d.dispatch(TEST_ORIGIN, 'history.list', {}));
    expect(history).not.toContain(PASSWORD);
    const stored = await everything(d.deps.data.file);
    expect(stored).toContain('stager');
    expect(stored).toContain('ss1.');
    expect(stored).not.toContain(PASSWORD);
    expect(stored).not.toContain('desk-e90b13');
    expect(await d.dispatch(TEST_ORIGIN, 'crawl.delete', { jobId })).toMatchObject({ ok: true });
    expect(await everything(d.deps.data.file)).not.toContain('ss1.');
  });
});
