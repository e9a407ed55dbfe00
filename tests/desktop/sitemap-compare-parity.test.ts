// The live sitemap against a crawl on the desktop (issue 27 point 5): the fixture site (its
// sitemap index with a gzipped child, a missing child and itself, orphans listed only there)
// crawled and compared through the hosted API (a Pro user) and the desktop's IPC (a linked Pro
// account) gives the same findings field by field, the same figures and the same CSV; the
// comparison runs after the call has answered; the refusals (free plan, unknown crawl) carry
// the same codes in both shells, and one comparison runs at a time in both (sitemap-compare.busy).
// The change report of a second crawl is the same in both too. The desktop's comparisons run on
// the engine's comparison queue in the data file: one interrupted by closing the app resumes at
// the next start, and its state and findings survive a restart, still the hosted answers.

import path from 'node:path';
import type { CrawlChanges, CrawlJob, SitemapComparePage, SitemapCompareRun } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call as httpCall,
  type TestServer,
  type TestUser,
} from '../../packages/server/src/repos/test-support';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/index.js';
import { buildDesktop, DESKTOP_OUT } from './support/build';
import { nodeLauncher } from './support/node-launcher';
import { type ProShells, startProShells } from './support/pro-shells';
import { testSafeStorage } from './support/safe-storage';
import { startTestDesktop, TEST_ORIGIN, type TestDesktop } from './support/services';
import { apiJson, ipcValue, until } from './support/shell-calls';

const PRO_TOKEN = 'msk_pro_compare_0123456789';
const SETTINGS = { render: 'never' };

let site: FixtureSite;
let shells: ProShells;
let desktop: TestDesktop;
let hosted: TestServer;
let user: TestUser;
/** The crawls compared by the first test, in each shell. */
let firstCrawls: { ipc: string; api: string };

beforeAll(async () => {
  buildDesktop();
  [site, shells] = await Promise.all([
    startFixtureSite({ pages: 12, robots: 'allow-all', features: ['sitemap', 'noindex'] }),
    startProShells(PRO_TOKEN),
  ]);
  ({ desktop, hosted, user } = shells);
}, 180_000);

afterAll(async () => {
  await shells?.close();
  await site?.close();
});

/** One IPC call's value on `on` (this file's Pro desktop by default), or a thrown refusal. */
const ipc = <T>(name: string, input: unknown, on = desktop) => ipcValue<T>(on, name, input);
/** One API call's JSON. */
const api = <T>(method: string, url: string, body?: unknown) =>
  apiJson<T>(hosted, user, method, url, body);

const ended = (job: CrawlJob) => job.status === 'completed' || job.status === 'failed';
const compared = (page: SitemapComparePage) =>
  page.run?.state === 'done' || page.run?.state === 'failed';

/** Crawls `url` through the desktop's IPC to its end; answers the job's id. */
async function crawlIpc(settings: object, url = site.url, on = desktop): Promise<string> {
  const { jobId } = await ipc<{ jobId: string }>('crawl.start', { url, settings }, on);
  await on.deps.crawls.settled(jobId);
  expect((await ipc<CrawlJob>('crawl.get', { jobId }, on)).status).toBe('completed');
  return jobId;
}

/** The same through the hosted API. */
async function crawlApi(settings: object, url = site.url): Promise<string> {
  const { jobId } = await api<{ jobId: string }>('POST', '/api/crawl', { url, settings });
  const job = await until(() => api<CrawlJob>('GET', `/api/crawl/${jobId}`), ended);
  expect(job.status).toBe('completed');
  return jobId;
}

/** The crawl's comparison as the desktop answers it once it ended: findings and CSV. */
async function comparedIpc(jobId: string, on = desktop) {
  const page = await until(
    () => ipc<SitemapComparePage>('crawl.sitemapFindings', { jobId, limit: 200 }, on),
    compared,
  );
  const csv = await ipc<{ bytes: Uint8Array; fileName: string }>(
    'crawl.sitemapReport',
    { jobId },
    on,
  );
  return { page, csv: { fileName: csv.fileName, text: Buffer.from(csv.bytes).toString('utf8') } };
}

/** The same through the hosted API. */
async function comparedApi(jobId: string) {
  const page = await until(
    () => api<SitemapComparePage>('GET', `/api/crawl/${jobId}/sitemap-compare?limit=200`),
    compared,
  );
  const res = await httpCall(
    hosted.server.url,
    user,
    'GET',
    `/api/crawl/${jobId}/sitemap-compare/report`,
  );
  const fileName = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  // The bytes as sent (`res.text()` would drop the CSV's byte-order mark).
  const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
  return { page, csv: { fileName, text } };
}

/** Crawls and compares through the desktop's IPC; answers the start's state and the findings. */
async function viaIpc() {
  const jobId = await crawlIpc(SETTINGS);
  const started = await ipc<SitemapCompareRun>('crawl.sitemapCompare', { jobId });
  return { jobId, started, ...(await comparedIpc(jobId)) };
}

/** The same through the hosted API. */
async function viaApi() {
  const jobId = await crawlApi(SETTINGS);
  const started = await api<SitemapCompareRun>('POST', `/api/crawl/${jobId}/sitemap-compare`, {});
  return { jobId, started, ...(await comparedApi(jobId)) };
}

/**
 * What a user reads of a comparison, without its time; rows by URL (they come in crawl order,
 * which concurrent fetches decide), and the CSV's lines likewise.
 */
function facts(page: SitemapComparePage) {
  const { summary, rows, ...rest } = page;
  const { checkedAt: _at, ...figures } = summary ?? { checkedAt: '' };
  return { ...rest, summary: figures, rows: [...rows].sort((a, b) => a.url.localeCompare(b.url)) };
}

function csvFacts(csv: { fileName: string | undefined; text: string }) {
  const [head, ...lines] = csv.text.trimEnd().split('\r\n');
  return { fileName: csv.fileName, head, lines: lines.sort() };
}

describe('the live sitemap against a crawl, desktop and hosted', () => {
  it('gives the same findings, figures and CSV, the comparison run after the call answered', async () => {
    const [mine, theirs] = await Promise.all([viaIpc(), viaApi()]);
    firstCrawls = { ipc: mine.jobId, api: theirs.jobId };
    expect(mine.started).toEqual({ state: 'waiting', error: null });
    expect(theirs.started).toEqual({ state: 'waiting', error: null });
    expect(mine.page.run).toEqual({ state: 'done', error: null });
    expect(facts(mine.page)).toEqual(facts(theirs.page));
    // The fixture's disagreements are there: orphans listed only in sitemaps, a missing child.
    expect(mine.page.summary?.counts.orphan).toBeGreaterThan(0);
    expect(mine.page.summary?.files.some((f) => f.error !== null)).toBe(true);
    expect(mine.page.rows.length).toBeGreaterThan(0);
    expect(csvFacts(mine.csv)).toEqual(csvFacts(theirs.csv));
    expect(mine.csv.text.split('\r\n').length).toBe(mine.page.total + 2);
  });

  it('refuses an unknown crawl with 404 crawl.not-found in both shells', async () => {
    for (const name of ['crawl.sitemapCompare', 'crawl.sitemapFindings', 'crawl.sitemapReport']) {
      const reply = await desktop.dispatch(TEST_ORIGIN, name as never, { jobId: 'nope' });
      expect(reply.ok).toBe(false);
      expect(reply.ok ? null : reply.body).toMatchObject({ code: 'crawl.not-found' });
    }
    const res = await httpCall(hosted.server.url, user, 'GET', '/api/crawl/nope/sitemap-compare');
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('crawl.not-found');
  });

  it('needs a linked Pro account on the desktop to start one, as Pro on the hosted site (403 auth.pro-required); findings stay readable, as hosted', async () => {
    await ipc('account.unlink', {});
    try {
      const reply = await desktop.dispatch(TEST_ORIGIN, 'crawl.sitemapCompare', { jobId: 'nope' });
      expect(reply.ok).toBe(false);
      expect(reply.ok ? null : reply.body).toMatchObject({ code: 'auth.pro-required' });
      expect(reply.ok ? '' : String((reply.body as { message?: string }).message)).toMatch(
        /Link a Pro account/,
      );
      // Reading is not Pro on either shell: an unknown crawl is not found, not refused.
      for (const name of ['crawl.sitemapFindings', 'crawl.sitemapReport'] as const) {
        const read = await desktop.dispatch(TEST_ORIGIN, name, { jobId: 'nope' });
        expect(read.ok ? null : read.body).toMatchObject({ code: 'crawl.not-found' });
      }
    } finally {
      await ipc('account.link', { token: PRO_TOKEN });
    }
  });

  it('gives the same change report of a narrower second crawl of the site (issue 13), as hosted', async () => {
    // The first crawls of the site are the previous test's; this one reaches less deep.
    const narrower = { ...SETTINGS, maxDepth: 1 };
    const [mine, theirs] = await Promise.all([crawlIpc(narrower), crawlApi(narrower)]);
    const [local, remote] = await Promise.all([
      ipc<CrawlChanges>('crawl.changes', { jobId: mine }),
      api<CrawlChanges>('GET', `/api/crawl/${theirs}/changes`),
    ]);
    const facts = ({ summary, removed }: CrawlChanges) => {
      const {
        previousJobId: _id,
        previousAt: _at,
        ...figures
      } = summary ?? {
        previousJobId: '',
        previousAt: '',
      };
      return { figures, removed: [...removed].sort((a, b) => a.url.localeCompare(b.url)) };
    };
    expect(local.summary?.settingsChanged.length).toBeGreaterThan(0);
    expect(local.summary?.leftOut).toBeGreaterThan(0);
    expect(facts(local)).toEqual(facts(remote));
  });

  it('runs one comparison at a time: another crawl is refused with sitemap-compare.busy in both', async () => {
    // Every answer of this site takes 400 ms, so its comparison is still reading below.
    const slow = await startFixtureSite({
      pages: 3,
      robots: 'allow-all',
      features: ['sitemap'],
      latencyMs: 400,
    });
    try {
      const settings = { settings: SETTINGS, url: slow.url };
      const [mine, theirs] = await Promise.all([
        ipc<{ jobId: string }>('crawl.start', settings).then(async ({ jobId }) => {
          await desktop.deps.crawls.settled(jobId);
          return jobId;
        }),
        api<{ jobId: string }>('POST', '/api/crawl', settings).then(async ({ jobId }) => {
          await until(() => api<CrawlJob>('GET', `/api/crawl/${jobId}`), ended);
          return jobId;
        }),
      ]);
      await ipc('crawl.sitemapCompare', { jobId: mine });
      await api('POST', `/api/crawl/${theirs}/sitemap-compare`, {});
      const local = await desktop.dispatch(TEST_ORIGIN, 'crawl.sitemapCompare', {
        jobId: firstCrawls.ipc,
      });
      const remote = await httpCall(
        hosted.server.url,
        user,
        'POST',
        `/api/crawl/${firstCrawls.api}/sitemap-compare`,
        {},
      );
      expect(local.ok ? null : local.status).toBe(409);
      expect(remote.status).toBe(409);
      const refusal = local.ok ? null : (local.body as { code: string; message: string });
      expect(refusal?.code).toBe('sitemap-compare.busy');
      expect(refusal?.message).toContain(mine);
      expect((await remote.json()).code).toBe('sitemap-compare.busy');
      // Both end; the slow comparison's findings then show.
      const done = (page: SitemapComparePage) => page.run?.state === 'done';
      await until(() => ipc<SitemapComparePage>('crawl.sitemapFindings', { jobId: mine }), done);
      await until(
        () => api<SitemapComparePage>('GET', `/api/crawl/${theirs}/sitemap-compare`),
        done,
      );
    } finally {
      await slow.close();
    }
  });

  it('resumes a comparison interrupted by closing the app; its state and findings survive restarts, as hosted', async () => {
    // Every answer of this site takes 500 ms, so the app closes while its sitemaps are read.
    const slow = await startFixtureSite({
      pages: 6,
      robots: 'allow-all',
      features: ['sitemap'],
      latencyMs: 500,
    });
    const env = { MAPSMITH_ALLOW_LOOPBACK: '1', MAPSMITH_HOSTED_URL: shells.stub.url };
    const launch = nodeLauncher(path.join(DESKTOP_OUT, 'main/crawler-process.js'));
    // The same keychain at each start, so the linked Pro account stays linked.
    const safeStorage = testSafeStorage();
    const first = await startTestDesktop({ launch, env, safeStorage });
    let again: TestDesktop | undefined;
    try {
      await ipc('account.link', { token: PRO_TOKEN }, first);
      const [mine, theirs] = await Promise.all([
        crawlIpc(SETTINGS, slow.url, first),
        crawlApi(SETTINGS, slow.url),
      ]);
      await Promise.all([
        ipc('crawl.sitemapCompare', { jobId: mine }, first),
        api('POST', `/api/crawl/${theirs}/sitemap-compare`, {}),
      ]);
      const reading = (page: SitemapComparePage) => page.run?.state === 'comparing';
      await until(
        () => ipc<SitemapComparePage>('crawl.sitemapFindings', { jobId: mine }, first),
        reading,
      );
      await first.close();
      // The next start: the comparison waits or reads again, nothing of the stopped run saved.
      again = await startTestDesktop({ launch, env, safeStorage, dataDir: first.dataDir });
      const reopened = await ipc<SitemapComparePage>(
        'crawl.sitemapFindings',
        { jobId: mine },
        again,
      );
      expect(['waiting', 'comparing']).toContain(reopened.run?.state);
      expect(reopened.run?.error).toBeNull();
      expect(reopened.summary).toBeNull();
      const [local, remote] = await Promise.all([comparedIpc(mine, again), comparedApi(theirs)]);
      expect(local.page.run).toEqual({ state: 'done', error: null });
      expect(facts(local.page)).toEqual(facts(remote.page));
      expect(local.page.rows.length).toBeGreaterThan(0);
      expect(csvFacts(local.csv)).toEqual(csvFacts(remote.csv));
      // Another restart: the ended comparison's state and findings read as before.
      await again.close();
      again = await startTestDesktop({ launch, env, safeStorage, dataDir: first.dataDir });
      const later = await ipc<SitemapComparePage>(
        'crawl.sitemapFindings',
        { jobId: mine, limit: 200 },
        again,
      );
      expect(later).toEqual(local.page);
    } finally {
      await (again ?? first).dispose();
      await slow.close();
    }
  }, 180_000);
});
