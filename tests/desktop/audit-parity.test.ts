// Sitemap audits on the desktop (issue 27 point 5): the same sitemap (uploaded, and by URL)
// audited through the hosted API (a Pro user) and the desktop's IPC (a linked Pro account) gives
// the same job, the same table field by field (ids, times and measured response times aside)
// and the same CSV byte for byte but the response-time column; the audit runs after the call
// has answered, on the engine's audit queue in main. Stop works on a waiting and a running
// audit; an audit interrupted by closing the app resumes at the next start and checks only the
// URLs not yet saved; a free desktop is refused as a free hosted user is, worded with linking.

import type { AuditJob, AuditResult, AuditUrlsPage } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestUser,
  call as httpCall,
  type TestServer,
  type TestUser,
} from '../../packages/server/src/repos/test-support';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/index.js';
import { buildDesktop } from './support/build';
import { type ProShells, startProShells } from './support/pro-shells';
import { startTestDesktop, TEST_ORIGIN, type TestDesktop } from './support/services';
import { apiJson, ipcValue, until } from './support/shell-calls';

const PRO_TOKEN = 'msk_pro_audit_0123456789';
const PATHS = ['/', '/p/1', '/r/301', '/e/404', '/noindex/meta', '/canonical/dup', '/p/1'];

let site: FixtureSite;
/** Every answer of this site takes 300 ms, so its audits are still running when stopped. */
let slow: FixtureSite;
let shells: ProShells;
let desktop: TestDesktop;
let hosted: TestServer;
let user: TestUser;

beforeAll(async () => {
  buildDesktop();
  [site, slow, shells] = await Promise.all([
    startFixtureSite({
      pages: 10,
      features: ['sitemap', 'redirects', 'errors', 'noindex', 'canonical'],
    }),
    startFixtureSite({ pages: 30, features: ['sitemap'], latencyMs: 300 }),
    startProShells(PRO_TOKEN),
  ]);
  ({ desktop, hosted, user } = shells);
}, 180_000);

afterAll(async () => {
  await shells?.close();
  await Promise.all([site?.close(), slow?.close()]);
});

function urlset(origin: string, paths: string[]): string {
  const locs = paths.map((p) => `<url><loc>${origin}${p}</loc></url>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs}</urlset>`;
}

/** The slow site's pages as an uploaded sitemap. */
function slowSitemap() {
  const paths = slow.expectedStaticSitemapUrls.map((u) => new URL(u).pathname);
  return { content: urlset(slow.origin, paths) };
}

/** One IPC call's value on `on` (this file's Pro desktop by default). */
const ipc = <T>(name: string, input: unknown, on = desktop) => ipcValue<T>(on, name, input);
const api = <T>(method: string, url: string, body?: unknown) =>
  apiJson<T>(hosted, user, method, url, body);
const settle = <T>(read: () => Promise<T>, done: (value: T) => boolean) =>
  until(read, done, 90_000);

const ended = (job: AuditJob) => job.status === 'completed' || job.status === 'failed';

/** Audits through the desktop's IPC: the job at the start's answer and at its end, the table, the CSV. */
async function viaIpc(input: object, on = desktop) {
  const { jobId } = await ipc<{ jobId: string }>('audit.start', input, on);
  const first = await ipc<AuditJob>('audit.get', { jobId }, on);
  const job = await settle(() => ipc<AuditJob>('audit.get', { jobId }, on), ended);
  const page = await ipc<AuditUrlsPage>('audit.urls', { jobId, limit: 200 }, on);
  const redirects = await ipc<AuditUrlsPage>('audit.urls', { jobId, verdict: 'redirect' }, on);
  const csv = await ipc<{ bytes: Uint8Array; fileName: string }>('audit.report', { jobId }, on);
  return {
    first,
    job,
    page,
    redirects,
    csv: { fileName: csv.fileName, bytes: Buffer.from(csv.bytes) },
  };
}

/** The same through the hosted API. */
async function viaApi(input: object) {
  const { jobId } = await api<{ jobId: string }>('POST', '/api/audit', input);
  const job = await settle(() => api<AuditJob>('GET', `/api/audit/${jobId}`), ended);
  const page = await api<AuditUrlsPage>('GET', `/api/audit/${jobId}/urls?limit=200`);
  const redirects = await api<AuditUrlsPage>('GET', `/api/audit/${jobId}/urls?verdict=redirect`);
  const res = await httpCall(hosted.server.url, user, 'GET', `/api/audit/${jobId}/report`);
  const fileName = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  // The bytes as sent (`res.text()` would drop the CSV's byte-order mark).
  return { job, page, redirects, csv: { fileName, bytes: Buffer.from(await res.arrayBuffer()) } };
}

/** What a user reads of an audit, without its id and times. */
function jobFacts(job: AuditJob) {
  const { id: _id, createdAt: _c, finishedAt, ...rest } = job;
  return { ...rest, finished: finishedAt !== null };
}

/** A row without its measured response time. */
function rowFacts({ responseMs: _ms, ...row }: AuditResult) {
  return row;
}

function pageFacts(page: AuditUrlsPage) {
  return { ...page, rows: page.rows.map(rowFacts) };
}

/** The CSV bytes with the response-time column (the 11th) blanked, the rest byte for byte. */
function csvBytes(bytes: Buffer): Buffer {
  const text = bytes.toString('utf8');
  const lines = text.split('\r\n').map((line, i) => {
    if (i === 0 || line === '') return line;
    // The fixture's fields hold no commas or quotes, so a plain split is exact here.
    const fields = line.split(',');
    fields[10] = 'ms';
    return fields.join(',');
  });
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

describe('sitemap audits, desktop and hosted', () => {
  it('gives the same job, table and CSV for an uploaded sitemap, run after the call answered', async () => {
    const input = { content: urlset(site.origin, PATHS), fileName: 'my-sitemap.xml' };
    const [mine, theirs] = await Promise.all([viaIpc(input), viaApi(input)]);
    // The start answers before the audit runs: the job waits, nothing is listed yet.
    expect(mine.first).toMatchObject({ status: 'pending', total: 0, checked: 0 });
    expect(mine.job).toMatchObject({
      status: 'completed',
      source: 'my-sitemap.xml',
      total: 6,
      checked: 6,
      summary: '2 fine, 1 404, 1 redirect, 1 noindex, 1 canonical elsewhere',
    });
    expect(jobFacts(mine.job)).toEqual(jobFacts(theirs.job));
    expect(pageFacts(mine.page)).toEqual(pageFacts(theirs.page));
    expect(pageFacts(mine.redirects)).toEqual(pageFacts(theirs.redirects));
    expect(mine.redirects.rows).toHaveLength(1);
    expect(mine.csv.fileName).toBe('sitemap-audit-my-sitemap.xml.csv');
    expect(mine.csv.fileName).toBe(theirs.csv.fileName);
    expect(mine.csv.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csvBytes(mine.csv.bytes).equals(csvBytes(theirs.csv.bytes))).toBe(true);
    expect(mine.csv.bytes.toString('utf8').split('\r\n')).toHaveLength(6 + 2);
  }, 120_000);

  it('gives the same answers for a sitemap by URL (robots.txt read, the index followed)', async () => {
    const input = { url: `${site.origin}/sitemap.xml` };
    const [mine, theirs] = await Promise.all([viaIpc(input), viaApi(input)]);
    expect(mine.job.status).toBe('completed');
    expect(mine.job.total).toBeGreaterThan(0);
    expect(jobFacts(mine.job)).toEqual(jobFacts(theirs.job));
    expect(pageFacts(mine.page)).toEqual(pageFacts(theirs.page));
    expect(csvBytes(mine.csv.bytes).equals(csvBytes(theirs.csv.bytes))).toBe(true);
  }, 120_000);

  it('refuses an unknown audit with 404 audit.not-found in both shells', async () => {
    for (const name of ['audit.get', 'audit.urls', 'audit.report', 'audit.stop']) {
      const reply = await desktop.dispatch(TEST_ORIGIN, name as never, { jobId: 'nope' });
      expect(reply.ok ? null : reply.body, name).toMatchObject({ code: 'audit.not-found' });
    }
    const res = await httpCall(hosted.server.url, user, 'GET', '/api/audit/nope');
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('audit.not-found');
  });

  it('stops a running audit and the one waiting behind it; the checked URLs stay', async () => {
    const sitemap = slowSitemap();
    const running = await ipc<{ jobId: string }>('audit.start', sitemap);
    const waiting = await ipc<{ jobId: string }>('audit.start', sitemap);
    await settle(
      () => ipc<AuditJob>('audit.get', running),
      (job) => job.status === 'running' && job.checked > 0,
    );
    // One audit runs at a time on the desktop: the second waits, and a stop ends it at once.
    const stoppedWaiting = await ipc<AuditJob>('audit.stop', waiting);
    expect(stoppedWaiting).toMatchObject({ status: 'completed', checked: 0 });
    expect(stoppedWaiting.error).toMatch(/Stopped by you after 0 URLs checked/);
    await ipc<AuditJob>('audit.stop', running);
    const job = await settle(() => ipc<AuditJob>('audit.get', running), ended);
    expect(job.status).toBe('completed');
    expect(job.checked).toBeGreaterThan(0);
    expect(job.checked).toBeLessThan(job.total);
    expect(job.error).toContain(`Stopped by you after ${job.checked} URL`);
    const page = await ipc<AuditUrlsPage>('audit.urls', { ...running, limit: 200 });
    expect(page.total).toBe(job.checked);
    // An ended audit: 409 audit.ended, as hosted.
    const again = await desktop.dispatch(TEST_ORIGIN, 'audit.stop', running);
    expect(again.ok ? null : again.body).toMatchObject({ code: 'audit.ended' });
  }, 120_000);

  it('resumes an audit interrupted by closing the app at the next start', async () => {
    const env = { MAPSMITH_ALLOW_LOOPBACK: '1', MAPSMITH_HOSTED_URL: shells.stub.url };
    const first = await startTestDesktop({ env });
    await ipc('account.link', { token: PRO_TOKEN }, first);
    const sitemap = slowSitemap();
    const { jobId } = await ipc<{ jobId: string }>('audit.start', sitemap, first);
    const before = await settle(
      () => ipc<AuditJob>('audit.get', { jobId }, first),
      (job) => job.checked >= 2,
    );
    await first.close();
    const again = await startTestDesktop({ env, dataDir: first.dataDir });
    try {
      const job = await settle(() => ipc<AuditJob>('audit.get', { jobId }, again), ended);
      expect(job).toMatchObject({ status: 'completed', error: null });
      expect(job.checked).toBe(job.total);
      expect(job.checked).toBeGreaterThan(before.checked);
      const page = await ipc<AuditUrlsPage>('audit.urls', { jobId, limit: 200 }, again);
      // Each listed URL checked once: none lost, none twice, across the two runs.
      expect(new Set(page.rows.map((r) => r.url)).size).toBe(job.total);
      expect(page.total).toBe(job.total);
    } finally {
      await again.dispose();
    }
  }, 120_000);

  it('refuses a free desktop with the hosted code, worded with linking a Pro account', async () => {
    const free = await startTestDesktop({ env: { MAPSMITH_ALLOW_LOOPBACK: '1' } });
    try {
      const input = { content: urlset(site.origin, PATHS) };
      const local = await free.dispatch(TEST_ORIGIN, 'audit.start', input);
      const hostedFree = await createTestUser(hosted.server.context.db, { pro: false });
      const web = await httpCall(hosted.server.url, hostedFree, 'POST', '/api/audit', input);
      const webBody = (await web.json()) as { code: string; message: string };
      expect(local.ok).toBe(false);
      if (local.ok) return;
      expect(local.status).toBe(web.status);
      expect(local.body.code).toBe(webBody.code);
      expect(local.body.code).toBe('auth.pro-required');
      expect(local.body.message).toMatch(/^Sitemap audits/);
      expect(webBody.message).toMatch(/^Sitemap audits/);
      expect(local.body.message).toMatch(/Link a Pro account/);
    } finally {
      await free.dispose();
    }
  });
});
