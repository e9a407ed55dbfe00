// Bulk lists through both shells (issue 27 point 5): the same list of fixture sites through the
// hosted API (a Pro user) and the desktop's IPC (a linked Pro account) give the same answers
// field by field (ids and times aside): the start, the bulk page, the list, and the zip's
// entries and summary.csv; the desktop's crawler processes run the list's crawls, at most
// MAX_RUNNING at once; a free desktop gets the hosted refusal code, worded with linking.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BulkCrawl, BulkListItem } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestUser,
  call as httpCall,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../packages/server/src/repos/test-support';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/index.js';
import { buildDesktop, DESKTOP_OUT } from './support/build';
import { type HostedServer, startHostedServer } from './support/hosted-stub';
import { nodeLauncher } from './support/node-launcher';
import { startTestDesktop, TEST_ORIGIN, type TestDesktop } from './support/services';

const ENTRY = path.join(DESKTOP_OUT, 'main/crawler-process.js');
const PRO_TOKEN = 'msk_pro_bulk_parity_0123456789';

let sites: FixtureSite[];
let stub: HostedServer;
let desktop: TestDesktop;
let free: TestDesktop;
let hosted: TestServer;
let user: TestUser;
let dir: string;
/** The most crawler processes the desktop had running at once. */
let peak = 0;

beforeAll(async () => {
  buildDesktop();
  [stub, ...sites] = await Promise.all([
    startHostedServer({
      [PRO_TOKEN]: { username: 'agency', isPro: true, proUntil: '2099-01-01T00:00:00.000Z' },
    }),
    startFixtureSite({ pages: 4 }),
    startFixtureSite({ pages: 6 }),
    startFixtureSite({ pages: 3 }),
  ]);
  const launch = nodeLauncher(ENTRY);
  let running = 0;
  desktop = await startTestDesktop({
    launch: () => {
      const child = launch();
      running++;
      peak = Math.max(peak, running);
      child.onExit(() => running--);
      return child;
    },
    env: { MAPSMITH_ALLOW_LOOPBACK: '1', MAPSMITH_HOSTED_URL: stub.url },
  });
  await desktop.dispatch(TEST_ORIGIN, 'account.link', { token: PRO_TOKEN });
  free = await startTestDesktop({ env: { MAPSMITH_ALLOW_LOOPBACK: '1' } });
  hosted = await startTestServer();
  user = await createTestUser(hosted.server.context.db, { pro: true });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-bulk-parity-'));
}, 180_000);

afterAll(async () => {
  await desktop?.dispose();
  await free?.dispose();
  await hosted?.close();
  await Promise.all([stub?.close(), ...(sites ?? []).map((s) => s.close())]);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The list: three sites, a line that is no address and a repeat of the first site. */
function list(): string {
  const [a, b, c] = sites.map((s) => s.url);
  return [a, 'not a site', b, c, a].join('\n');
}

/** True once nothing on the bulk page can change: crawls ended and scores in. */
function settled(bulk: BulkCrawl): boolean {
  return (
    bulk.finished &&
    bulk.sites.every((s) => s.status !== 'completed' || s.seoScore !== null || s.nothingListed)
  );
}

async function ipc<T>(name: string, input: unknown, on: TestDesktop = desktop): Promise<T> {
  const reply = await on.dispatch(TEST_ORIGIN, name as never, input as never);
  if (!reply.ok) throw new Error(`${name}: ${JSON.stringify(reply.body)}`);
  return reply.value as T;
}

async function api<T>(method: string, route: string, body?: unknown): Promise<T> {
  const res = await httpCall(hosted.server.url, user, method, route, body);
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function until(read: () => Promise<BulkCrawl>): Promise<BulkCrawl> {
  const end = Date.now() + 90_000;
  for (;;) {
    const bulk = await read();
    if (settled(bulk) || Date.now() > end) return bulk;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** What a user reads of a bulk, without ids and times. */
function facts(bulk: BulkCrawl) {
  const { bulkId: _id, createdAt: _c, ...rest } = bulk;
  return { ...rest, sites: rest.sites.map(({ jobId: _j, ...site }) => site) };
}

/** A zip's entry names and its summary.csv (Debian's unzip checks every CRC). */
function zipFacts(bytes: Uint8Array, name: string) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  const test = execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
  expect(test).toMatch(/No errors detected/);
  const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
  const summary = execFileSync('unzip', ['-p', file, 'summary.csv'], { encoding: 'utf8' });
  const sitemaps = names
    .filter((n) => n.endsWith('sitemap.xml'))
    .map((n) => execFileSync('unzip', ['-p', file, n], { encoding: 'utf8' }));
  return { names: names.sort(), summary, sitemaps };
}

describe('a bulk list through the hosted API and the desktop IPC', () => {
  it('gives the same start, bulk page, list and zip', async () => {
    const [mineStart, theirStart] = await Promise.all([
      ipc<{ bulkId: string; accepted: number; rejected: unknown[] }>('bulk.start', {
        list: list(),
        settings: { render: 'never' },
      }),
      api<{ bulkId: string; accepted: number; rejected: unknown[] }>('POST', '/api/bulk', {
        list: list(),
        settings: { render: 'never' },
      }),
    ]);
    const { bulkId: _a, ...mineStarted } = mineStart;
    const { bulkId: _b, ...theirStarted } = theirStart;
    expect(mineStarted).toEqual(theirStarted);
    expect(mineStart.accepted).toBe(3);

    const [mine, theirs] = await Promise.all([
      until(() => ipc<BulkCrawl>('bulk.get', { bulkId: mineStart.bulkId })),
      until(() => api<BulkCrawl>('GET', `/api/bulk/${theirStart.bulkId}`)),
    ]);
    expect(mine.finished).toBe(true);
    expect(mine.sites.map((s) => s.status)).toEqual(['completed', 'completed', 'completed']);
    expect(facts(mine)).toEqual(facts(theirs));
    // The desktop's crawler processes ran the list's crawls, never more than its cap at once.
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(3);

    const [myList, theirList] = await Promise.all([
      ipc<BulkListItem[]>('bulk.list', {}),
      api<BulkListItem[]>('GET', '/api/bulk'),
    ]);
    const strip = (items: BulkListItem[]) =>
      items.map(({ bulkId: _i, createdAt: _c, ...item }) => item);
    expect(strip(myList)).toEqual(strip(theirList));

    const myZip = await ipc<{ bytes: Uint8Array; fileName: string; contentType: string }>(
      'bulk.download',
      { bulkId: mineStart.bulkId },
    );
    const res = await httpCall(
      hosted.server.url,
      user,
      'GET',
      `/api/bulk/${theirStart.bulkId}/download`,
    );
    expect(res.status).toBe(200);
    const theirZip = new Uint8Array(await res.arrayBuffer());
    expect(myZip.contentType).toBe('application/zip');
    expect(myZip.fileName).toMatch(/^mapsmith-bulk-\d{4}-\d{2}-\d{2}\.zip$/);
    const mineUnzipped = zipFacts(myZip.bytes, 'mine.zip');
    expect(mineUnzipped.names).toContain('summary.csv');
    expect(mineUnzipped.sitemaps).toHaveLength(3);
    expect(mineUnzipped).toEqual(zipFacts(theirZip, 'theirs.zip'));

    // bulk.save: the same zip into the folder the save dialog gives; cancelling saves nothing.
    desktop.dialogAnswers.push(dir, null);
    const saved = await ipc<{ saved: boolean; path: string }>('bulk.save', {
      bulkId: mineStart.bulkId,
    });
    expect(saved).toEqual({ saved: true, path: path.join(dir, myZip.fileName) });
    expect(zipFacts(fs.readFileSync(saved.path), 'saved.zip')).toEqual(mineUnzipped);
    const cancelled = await ipc('bulk.save', { bulkId: mineStart.bulkId });
    expect(cancelled).toEqual({ saved: false, path: null });
  }, 180_000);

  it('refuses a free desktop with the hosted code, worded with linking a Pro account', async () => {
    const free2 = await free.dispatch(TEST_ORIGIN, 'bulk.start', { list: list() });
    const hostedFree = await createTestUser(hosted.server.context.db, { pro: false });
    const web = await httpCall(hosted.server.url, hostedFree, 'POST', '/api/bulk', {
      list: list(),
    });
    const webBody = (await web.json()) as { code: string };
    expect(free2.ok).toBe(false);
    if (free2.ok) return;
    expect(free2.status).toBe(web.status);
    expect(free2.body.code).toBe(webBody.code);
    expect(free2.body.code).toBe('auth.pro-required');
    expect(free2.body.message).toMatch(/Link a Pro account/);
    for (const name of ['bulk.list', 'bulk.get', 'bulk.download', 'bulk.save'] as const) {
      const input = name === 'bulk.list' ? {} : { bulkId: 'x' };
      const reply = await free.dispatch(TEST_ORIGIN, name, input as never);
      expect(reply.ok ? null : reply.body.code, name).toBe('auth.pro-required');
    }
  });
});
