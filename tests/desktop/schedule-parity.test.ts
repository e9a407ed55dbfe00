// Scheduled crawls on the desktop and hosted (issue 27 point 5), field by field: the same daily
// schedule of the same fixture site, created through the hosted API (a Pro user) and the
// desktop's IPC (a linked Pro account), is run at a slot both shells reach on the same injected
// clock, ten minutes late. Both give the same schedule list entry (before, during and after the
// run), the same last run (late-slot notice, status, no error) and the same crawl result (listed
// count, sitemap bytes), from the one schedule engine (`ScheduleTask` on the schedule-run kind).
// The same bad definitions are refused with the same status, code and words; what needs a
// public server (publishing, IndexNow, client mail) is refused on the desktop only, by design.
import path from 'node:path';
import type { CrawlJob, Schedule } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../packages/server/src/mail/mailer';
import {
  createTestUser,
  call as httpCall,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../packages/server/src/repos/test-support';
import { createScheduleService, type ScheduleService } from '../../packages/server/src/schedules';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/index.js';
import { buildDesktop } from './support/build';
import { startClockedDesktop } from './support/clocked-desktop';
import { type HostedServer, startHostedServer } from './support/hosted-stub';
import { testSafeStorage } from './support/safe-storage';
import { TEST_ORIGIN, type TestDesktop } from './support/services';
import { apiJson, until } from './support/shell-calls';

const PRO_TOKEN = 'msk_pro_schedule_parity_0123456789';
const HOUR = 3_600_000;

let site: FixtureSite;
let stub: HostedServer;
let hosted: TestServer;
let user: TestUser;
/** The hosted scheduler pass on the injected clock (the server's own runs on the system's). */
let hostedPass: ScheduleService;
const opened: TestDesktop[] = [];
/** This computer's keychain: the same across the app's restarts, so the link holds. */
const keychain = testSafeStorage();
/** The time both shells' scheduler passes see; it starts at the real time (the API's create). */
let nowMs = Date.now();

beforeAll(async () => {
  buildDesktop();
  [stub, site, hosted] = await Promise.all([
    startHostedServer({
      [PRO_TOKEN]: { username: 'agency', isPro: true, proUntil: '2099-01-01T00:00:00.000Z' },
    }),
    startFixtureSite({ pages: 5 }),
    startTestServer(),
  ]);
  const ctx = hosted.server.context;
  user = await createTestUser(ctx.db, { pro: true });
  hostedPass = createScheduleService({
    config: ctx.config,
    repos: ctx.repos,
    db: ctx.db,
    mailer: createMailer({
      smtpUrl: null,
      from: 'test@example.test',
      outboxDir: path.join(hosted.dataDir, 'outbox'),
      logger: ctx.logger,
    }),
    logger: ctx.logger,
    policy: ctx.policy,
    wake: () => ctx.jobs.pool.wake(),
    siteUrl: () => hosted.server.url,
    now: () => nowMs,
  });
}, 180_000);

afterAll(async () => {
  for (const d of opened) await d.dispose();
  await Promise.all([stub?.close(), site?.close(), hosted?.close()]);
});

/** Starts the desktop (over `dataDir` when given) on the injected clock: its pass runs at start. */
async function desktopAt(dataDir?: string): Promise<TestDesktop> {
  const d = await startClockedDesktop({ hostedUrl: stub.url, keychain, now: () => nowMs, dataDir });
  opened.push(d);
  return d;
}

/** A call's answer in either shell: its value, or its refusal's status, code and words. */
type Answer =
  | { ok: true; value: unknown }
  | { ok: false; status: number; code: string; message: string };

async function viaIpc(d: TestDesktop, name: string, input: unknown): Promise<Answer> {
  const reply = await d.dispatch(TEST_ORIGIN, name as never, input as never);
  if (reply.ok) return { ok: true, value: reply.value };
  const { code, message } = reply.body as { code: string; message: string };
  return { ok: false, status: reply.status, code, message };
}

async function viaApi(method: string, url: string, body?: unknown): Promise<Answer> {
  const res = await httpCall(hosted.server.url, user, method, url, body);
  const json = (await res.json()) as { code: string; message: string };
  if (res.ok) return { ok: true, value: json };
  return { ok: false, status: res.status, code: json.code, message: json.message };
}

const value = <T>(answer: Answer): T => {
  if (!answer.ok) throw new Error(`refused: ${JSON.stringify(answer)}`);
  return answer.value as T;
};

/** A schedule without what differs by identity: its id, its jobs' ids, when it was created. */
function scheduleFacts(s: Schedule | undefined) {
  if (!s) throw new Error('no schedule');
  const { id: _id, createdAt: _c, runningJobId, lastJobId, ...rest } = s;
  return { ...rest, running: runningJobId !== null, lastRun: lastJobId !== null };
}

/** A crawl job's result without its id and times, its pages in URL order (crawl order varies). */
function jobFacts(job: CrawlJob) {
  const { jobId: _id, createdAt: _c, finishedAt: _f, results, ...rest } = job;
  return { ...rest, results: [...results].sort((x, y) => x.url.localeCompare(y.url)) };
}

/** The `HH:MM` (UTC) three hours from now: the next slot of a daily schedule, the same in both. */
function slotTime(): { time: string; slotMs: number } {
  const at = new Date(nowMs + 3 * HOUR);
  at.setUTCSeconds(0, 0);
  const time = `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
  return { time, slotMs: at.getTime() };
}

describe('scheduled crawls, desktop and hosted', () => {
  it('gives the same schedule, late run and crawl result on the same injected clock', async () => {
    const { time, slotMs } = slotTime();
    const after = { publish: false, mail: false, indexNow: false };
    const def = { url: site.url, frequency: 'daily', time, timeZone: 'UTC', after };
    const first = await desktopAt();
    value(await viaIpc(first, 'account.link', { token: PRO_TOKEN }));
    const mine = value<Schedule>(await viaIpc(first, 'schedules.create', def));
    const theirs = value<Schedule>(await viaApi('POST', '/api/schedules', def));
    expect(mine.nextRunAt).toBe(new Date(slotMs).toISOString());
    expect(scheduleFacts(mine)).toEqual(scheduleFacts(theirs));
    await first.close();

    // Both shells reach the slot ten minutes late (closed, or the server was down).
    nowMs = slotMs + 10 * 60_000;
    const second = await desktopAt(first.dataDir);
    expect(await hostedPass.runNow()).toMatchObject({ started: 1, finished: 0, deferred: 0 });
    const [running] = value<Schedule[]>(await viaIpc(second, 'schedules.list', {}));
    const [hostedRunning] = await apiJson<Schedule[]>(hosted, user, 'GET', '/api/schedules');
    expect(running).toMatchObject({
      state: 'running',
      lateSlotAt: new Date(slotMs).toISOString(),
      lastRunAt: new Date(nowMs).toISOString(),
    });
    expect(scheduleFacts(running)).toEqual(scheduleFacts(hostedRunning));
    const localJob = running?.runningJobId ?? '';
    const hostedJob = hostedRunning?.runningJobId ?? '';
    await second.deps.crawls.settled(localJob);
    const ended = (job: CrawlJob) => job.status === 'completed' || job.status === 'failed';
    const theirJob = await until(
      () => apiJson<CrawlJob>(hosted, user, 'GET', `/api/crawl/${hostedJob}`),
      ended,
      90_000,
    );
    const myJob = value<CrawlJob>(await viaIpc(second, 'crawl.get', { jobId: localJob }));
    expect(myJob.status).toBe('completed');
    expect(jobFacts(myJob)).toEqual(jobFacts(theirJob));
    // The sitemap the run made, byte for byte.
    const mySitemap = value<{ bytes: Uint8Array }>(
      await viaIpc(second, 'export.generate', { jobId: localJob, format: 'xml' }),
    );
    const theirSitemap = await httpCall(
      hosted.server.url,
      user,
      'GET',
      `/api/generate/${hostedJob}/xml`,
    );
    const text = Buffer.from(mySitemap.bytes).toString('utf8');
    expect(text.match(/<url>/g)?.length).toBeGreaterThan(1);
    expect(text).toBe(await theirSitemap.text());
    await second.close();

    // The next pass ends both runs (no after-run actions asked): the same last run.
    nowMs += 60_000;
    const third = await desktopAt(first.dataDir);
    expect(await hostedPass.runNow()).toMatchObject({ started: 0, finished: 1 });
    const [done] = value<Schedule[]>(await viaIpc(third, 'schedules.list', {}));
    const [hostedDone] = await apiJson<Schedule[]>(hosted, user, 'GET', '/api/schedules');
    expect(done).toMatchObject({
      state: 'active',
      runningJobId: null,
      lastJobId: localJob,
      lastError: null,
      lateSlotAt: new Date(slotMs).toISOString(),
      nextRunAt: new Date(slotMs + 24 * HOUR).toISOString(),
    });
    expect(hostedDone?.lastJobId).toBe(hostedJob);
    expect(scheduleFacts(done)).toEqual(scheduleFacts(hostedDone));
  }, 240_000);

  it('refuses the same bad definitions alike, and what needs a public server on the desktop only', async () => {
    const d = await desktopAt();
    value(await viaIpc(d, 'account.link', { token: PRO_TOKEN }));
    const none = { publish: false, mail: false, indexNow: false };
    const good = { url: site.url, frequency: 'daily', time: '09:00', timeZone: 'UTC', after: none };
    const same: Array<[string, unknown]> = [
      ['an internal address', { ...good, url: 'http://169.254.169.254/' }],
      ['no such time', { ...good, time: '25:00' }],
      ['no such time zone', { ...good, timeZone: 'Mars/Olympus' }],
      ['a weekly schedule without its day', { ...good, frequency: 'weekly' }],
    ];
    for (const [what, input] of same) {
      const mine = await viaIpc(d, 'schedules.create', input);
      const theirs = await viaApi('POST', '/api/schedules', input);
      expect(mine.ok, what).toBe(false);
      expect(mine, what).toEqual(theirs);
    }
    const missing = 'no-such-schedule';
    expect(await viaIpc(d, 'schedules.pause', { id: missing, paused: true })).toEqual(
      await viaApi('POST', `/api/schedules/${missing}/pause`, { paused: true }),
    );
    // Differs by design: the desktop has no public server to publish at, no IndexNow key and no
    // mail (`schedule.not-on-desktop`); the hosted site does them.
    for (const after of [
      { ...none, publish: true },
      { ...none, indexNow: true },
      { ...none, mail: true },
    ]) {
      const mine = await viaIpc(d, 'schedules.create', { ...good, after });
      expect(mine).toMatchObject({ ok: false, status: 400, code: 'schedule.not-on-desktop' });
      expect((await viaApi('POST', '/api/schedules', { ...good, after })).ok).toBe(true);
    }
    const toClients = { ...good, reportTo: ['client@example.com'] };
    expect(await viaIpc(d, 'schedules.create', toClients)).toMatchObject({
      code: 'schedule.not-on-desktop',
    });
    expect((await viaApi('POST', '/api/schedules', toClients)).ok).toBe(true);
  });
});
