// Staging crawls through every shell (issue 29): the basic-auth and the cookie staging fixtures
// crawled with their credentials through the hosted API (a Pro user, `settings.siteAuth`), the
// desktop's IPC (a linked Pro account) and the CLI give the same answers; a wrong password gives
// the same plain "credentials refused" failure and code in all three; and the canary host every
// page points at receives no credential from any of them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CrawlJob, PageRecord, SiteAuth } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../packages/server/src/cli/commands/cli-test-support';
import {
  call as httpCall,
  type TestServer,
  type TestUser,
} from '../../packages/server/src/repos/test-support';
import {
  type CanaryHost,
  STAGING_PASSWORD,
  STAGING_USER,
  type StagingSite,
  startCanary,
  startStagingSite,
} from '../fixtures/staging/index.js';
import { buildDesktop } from './support/build';
import { type ProShells, startProShells } from './support/pro-shells';
import { TEST_ORIGIN, type TestDesktop } from './support/services';

const PRO_TOKEN = 'msk_pro_staging_0123456789';
const WRONG = 'wrong-staging-password-3390';

let canary: CanaryHost;
let basic: StagingSite;
let cookie: StagingSite;
let shells: ProShells;
let desktop: TestDesktop;
let hosted: TestServer;
let user: TestUser;
let dir: string;

beforeAll(async () => {
  buildDesktop();
  canary = await startCanary();
  [basic, cookie, shells] = await Promise.all([
    startStagingSite({ guard: 'basic', canary: canary.origin }),
    startStagingSite({ guard: 'cookie', canary: canary.origin }),
    startProShells(PRO_TOKEN),
  ]);
  ({ desktop, hosted, user } = shells);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-staging-parity-'));
}, 180_000);

afterAll(async () => {
  await shells?.close();
  await Promise.all([basic?.close(), cookie?.close(), canary?.close()]);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Crawls through the desktop's IPC and answers its `crawl.get` once it ended. */
async function viaIpc(url: string, siteAuth: SiteAuth): Promise<CrawlJob> {
  const settings = { render: 'never', siteAuth };
  const started = await desktop.dispatch(TEST_ORIGIN, 'crawl.start', { url, settings });
  if (!started.ok) throw new Error(`crawl.start: ${JSON.stringify(started.body)}`);
  const { jobId } = started.value as { jobId: string };
  await desktop.deps.crawls.settled(jobId);
  const reply = await desktop.dispatch(TEST_ORIGIN, 'crawl.get', { jobId });
  if (!reply.ok) throw new Error(`crawl.get: ${JSON.stringify(reply.body)}`);
  return reply.value as CrawlJob;
}

/** Crawls through the hosted API and answers its `GET /api/crawl/{id}` once it ended. */
async function viaApi(url: string, siteAuth: SiteAuth): Promise<CrawlJob> {
  const settings = { render: 'never', siteAuth };
  const start = await httpCall(hosted.server.url, user, 'POST', '/api/crawl', { url, settings });
  if (!start.ok) throw new Error(`POST /api/crawl: ${start.status} ${await start.text()}`);
  const { jobId } = (await start.json()) as { jobId: string };
  const end = Date.now() + 60_000;
  for (;;) {
    const job = (await (
      await httpCall(hosted.server.url, user, 'GET', `/api/crawl/${jobId}`)
    ).json()) as CrawlJob;
    if (job.status === 'completed' || job.status === 'failed') return job;
    if (Date.now() > end) throw new Error('the hosted crawl did not end');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Crawls with `mapsmith crawl` and answers its exit, stderr and records. */
async function viaCli(url: string, args: string[], env: Record<string, string>) {
  const out = path.join(dir, `${Math.random().toString(36).slice(2)}.jsonl`);
  const run = await runCli(
    ['crawl', url, '--allow-loopback', '--render', 'never', '--out', out, ...args],
    env,
  );
  const text = fs.existsSync(out) ? fs.readFileSync(out, 'utf8').trimEnd() : '';
  const records = text ? text.split('\n').map((l) => JSON.parse(l) as PageRecord) : [];
  return { ...run, records };
}

/** What a user reads of a crawl, without ids and times (the settings are the other task's). */
function facts(job: CrawlJob) {
  const { jobId: _id, createdAt: _c, finishedAt: _f, settings: _s, results, ...rest } = job;
  return { ...rest, results: [...results].sort((a, b) => a.url.localeCompare(b.url)) };
}

describe('a staging site through the API, the desktop IPC and the CLI', () => {
  it('basic auth: the same answers in all three, the canary given nothing', async () => {
    const [mine, theirs, cli] = await Promise.all([
      viaIpc(basic.url, basic.siteAuth),
      viaApi(basic.url, basic.siteAuth),
      viaCli(basic.url, ['--auth-user', STAGING_USER], {
        MAPSMITH_AUTH_PASSWORD: STAGING_PASSWORD,
      }),
    ]);
    expect(mine.status).toBe('completed');
    expect(facts(mine)).toEqual(facts(theirs));
    expect(mine.results.map((r) => r.url).sort()).toEqual(basic.expectedListed);
    expect(cli.status, cli.stderr).toBe(0);
    const cliListed = cli.records.filter((r) => r.verdict.included).map((r) => r.url);
    expect(cliListed.sort()).toEqual(basic.expectedListed);
    expect(basic.refused()).toEqual([]);
    expect(canary.leaks()).toEqual([]);
  });

  it('a staging cookie: the same answers in all three', async () => {
    const [mine, theirs, cli] = await Promise.all([
      viaIpc(cookie.url, cookie.siteAuth),
      viaApi(cookie.url, cookie.siteAuth),
      viaCli(cookie.url, ['--header-env', 'Cookie: STAGE_COOKIE'], {
        STAGE_COOKIE: cookie.siteAuth.headers?.[0]?.value ?? '',
      }),
    ]);
    expect(mine.status).toBe('completed');
    expect(facts(mine)).toEqual(facts(theirs));
    expect(mine.results.map((r) => r.url).sort()).toEqual(cookie.expectedListed);
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.records.filter((r) => r.verdict.included).length).toBe(cookie.expectedListed.length);
    expect(cookie.refused()).toEqual([]);
    expect(canary.leaks()).toEqual([]);
  });

  it('a wrong password: the same plain refusal and code in all three', async () => {
    const wrong = { basic: { username: STAGING_USER, password: WRONG } };
    const [mine, theirs, cli] = await Promise.all([
      viaIpc(basic.url, wrong),
      viaApi(basic.url, wrong),
      viaCli(basic.url, ['--auth-user', STAGING_USER], { MAPSMITH_AUTH_PASSWORD: WRONG }),
    ]);
    const refusal =
      'The site refused the credentials given for this crawl: its start page answered 401 (Unauthorized). Check the user name, password and headers in the crawl settings.';
    for (const job of [mine, theirs])
      expect(job).toMatchObject({
        status: 'failed',
        error: refusal,
        errorCode: 'crawl.credentials-refused',
      });
    expect(facts(mine)).toEqual(facts(theirs));
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain(`mapsmith crawl: ${refusal}`);
    expect(`${cli.stdout}${cli.stderr}${JSON.stringify(facts(mine))}`).not.toContain(WRONG);
    expect(canary.leaks()).toEqual([]);
  });
});
