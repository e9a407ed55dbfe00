// Issue 27 point 5 on the desktop: scheduled crawls run in main while the app is open, and a
// slot missed while it was closed runs at the next start and says so. The clock is injected
// (`deps.now`), so "closed over the slot" is a real close and reopen of the data folder with the
// clock moved on: the run starts once, at the start, marked late for the slot it missed; its crawl
// is a local crawl in a crawler process; the next start ends the run and keeps its report (last
// run, its changes) in the app. A free desktop is refused with the hosted code, worded with
// linking; what needs a public server (publishing, IndexNow, client mail) is refused clearly.
import type { Schedule } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/index.js';
import { buildDesktop } from './support/build';
import { startClockedDesktop } from './support/clocked-desktop';
import { type HostedServer, startHostedServer } from './support/hosted-stub';
import { testSafeStorage } from './support/safe-storage';
import { TEST_ORIGIN, type TestDesktop } from './support/services';

const PRO_TOKEN = 'msk_pro_desktop_schedules_0123456789';

let site: FixtureSite;
let stub: HostedServer;
const opened: TestDesktop[] = [];
/** This computer's keychain: the same across the app's restarts, so the link holds. */
const keychain = testSafeStorage();
/** The time the desktop sees. */
let nowMs = Date.parse('2026-11-26T08:00:00.000Z');

beforeAll(async () => {
  buildDesktop();
  [stub, site] = await Promise.all([
    startHostedServer({
      [PRO_TOKEN]: { username: 'agency', isPro: true, proUntil: '2099-01-01T00:00:00.000Z' },
    }),
    startFixtureSite({ pages: 5 }),
  ]);
}, 180_000);

afterAll(async () => {
  for (const d of opened) await d.dispose();
  await Promise.all([stub?.close(), site?.close()]);
});

/** Starts the desktop (over `dataDir` when given) on the injected clock. */
async function start(dataDir?: string): Promise<TestDesktop> {
  const d = await startClockedDesktop({ hostedUrl: stub.url, keychain, now: () => nowMs, dataDir });
  opened.push(d);
  return d;
}

async function ipc<T>(d: TestDesktop, name: string, input: unknown): Promise<T> {
  const reply = await d.dispatch(TEST_ORIGIN, name as never, input as never);
  if (!reply.ok) throw new Error(`${name}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.value as T;
}

async function refusal(d: TestDesktop, name: string, input: unknown) {
  const reply = await d.dispatch(TEST_ORIGIN, name as never, input as never);
  if (reply.ok) throw new Error(`${name} was not refused`);
  return reply;
}

/** A daily 09:00 UTC schedule of the fixture site with no server-side actions. */
function daily() {
  const after = { publish: false, mail: false, indexNow: false };
  return { url: site.url, frequency: 'daily', time: '09:00', timeZone: 'UTC', after };
}

describe('scheduled crawls in the desktop app', () => {
  it('runs a slot missed while the app was closed once, at the next start, and says it was late', async () => {
    const first = await start();
    await ipc(first, 'account.link', { token: PRO_TOKEN });
    const created = await ipc<Schedule>(first, 'schedules.create', daily());
    expect(created).toMatchObject({
      state: 'active',
      nextRunAt: '2026-11-26T09:00:00.000Z',
      lastRunAt: null,
      lateSlotAt: null,
      sitemapUrl: null,
    });
    await first.close();

    // Closed over the 09:00 slot; started at 10:30.
    nowMs = Date.parse('2026-11-26T10:30:00.000Z');
    const second = await start(first.dataDir);
    const [running] = await ipc<Schedule[]>(second, 'schedules.list', {});
    expect(running).toMatchObject({
      id: created.id,
      state: 'running',
      lastRunAt: '2026-11-26T10:30:00.000Z',
      lateSlotAt: '2026-11-26T09:00:00.000Z',
      nextRunAt: '2026-11-27T09:00:00.000Z',
    });
    const jobId = running?.runningJobId ?? '';
    await second.deps.crawls.settled(jobId);
    const crawled = await ipc<{ status: string }>(second, 'crawl.get', { jobId });
    expect(crawled.status).toBe('completed');
    await second.close();

    // The next start ends the run (no actions on a desktop) and starts no other.
    nowMs = Date.parse('2026-11-26T10:31:00.000Z');
    const third = await start(first.dataDir);
    const [ended] = await ipc<Schedule[]>(third, 'schedules.list', {});
    expect(ended).toMatchObject({
      state: 'active',
      runningJobId: null,
      lastJobId: jobId,
      lastError: null,
      lateSlotAt: '2026-11-26T09:00:00.000Z',
      nextRunAt: '2026-11-27T09:00:00.000Z',
    });
    const crawls = await ipc<{ id: string }[]>(third, 'history.list', {});
    expect(crawls.map((c) => c.id)).toEqual([jobId]);
    await third.close();

    // The next slot, with the app open (on time): no late notice, and its changes since the first.
    nowMs = Date.parse('2026-11-27T09:00:30.000Z');
    const fourth = await start(first.dataDir);
    const [onTime] = await ipc<Schedule[]>(fourth, 'schedules.list', {});
    expect(onTime).toMatchObject({ state: 'running', lateSlotAt: null });
    await fourth.deps.crawls.settled(onTime?.runningJobId ?? '');
    await fourth.close();
    const fifth = await start(first.dataDir);
    const [second2] = await ipc<Schedule[]>(fifth, 'schedules.list', {});
    expect(second2).toMatchObject({ state: 'active', lastJobId: onTime?.runningJobId });
    expect(second2?.lastChanges).toMatchObject({ added: 0, removed: 0 });
  }, 180_000);

  it('refuses what needs a public server, and pauses and deletes', async () => {
    const d = await start();
    await ipc(d, 'account.link', { token: PRO_TOKEN });
    for (const after of [
      { publish: true, mail: false, indexNow: false },
      { publish: false, mail: true, indexNow: false },
      { publish: false, mail: false, indexNow: true },
    ]) {
      const refused = await refusal(d, 'schedules.create', { ...daily(), after });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('schedule.not-on-desktop');
      expect(refused.body.message).toMatch(/no public server/);
    }
    const toClients = await refusal(d, 'schedules.create', {
      ...daily(),
      reportTo: ['client@example.com'],
    });
    expect(toClients.body.code).toBe('schedule.not-on-desktop');
    const made = await ipc<Schedule>(d, 'schedules.create', daily());
    const rotate = await refusal(d, 'schedules.rotateToken', { id: made.id });
    expect(rotate.body.code).toBe('schedule.not-on-desktop');
    const publishing = await refusal(d, 'schedules.update', {
      id: made.id,
      ...daily(),
      after: { publish: true, mail: false, indexNow: false },
    });
    expect(publishing.body.code).toBe('schedule.not-on-desktop');
    const paused = await ipc<Schedule>(d, 'schedules.pause', { id: made.id, paused: true });
    expect(paused).toMatchObject({ state: 'paused', nextRunAt: null });
    await ipc(d, 'schedules.delete', { id: made.id });
    expect(await ipc<Schedule[]>(d, 'schedules.list', {})).toEqual([]);
  });

  it('refuses a free desktop with the hosted code, worded with linking a Pro account', async () => {
    const d = await start();
    const calls = [
      ['schedules.list', {}],
      ['schedules.create', daily()],
      ['schedules.update', { id: 'x', ...daily() }],
      ['schedules.pause', { id: 'x', paused: true }],
      ['schedules.delete', { id: 'x' }],
    ] as const;
    for (const [name, input] of calls) {
      const refused = await refusal(d, name, input);
      expect(refused.status, name).toBe(403);
      expect(refused.body.code, name).toBe('auth.pro-required');
      expect(refused.body.message, name).toMatch(/Link a Pro account/);
    }
  });
});
