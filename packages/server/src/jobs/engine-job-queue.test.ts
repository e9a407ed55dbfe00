import { randomBytes } from 'node:crypto';
import { ClaimLostError, createSqlRepositories, type Repositories } from '@mapsmith/app';
import { testPostgresUrl } from '@mapsmith/app/testing';
import { type CrawlSummary, makePage, systemClock } from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { aesGcmBox, secretKey } from '../secrets/aes-gcm-box.js';
import { loadJobsConfig } from './config.js';
import { createScaledJobs, type ScaledJobs } from './scaled.js';
import {
  insertUser,
  openScaledTestDatabase,
  type ScaledTestDatabase,
} from './scaled-test-support.js';

/**
 * The crawl queue of worker processes on the real engine and a real Postgres: each "worker" is
 * its own engine instance with its own connections, as separate processes would be.
 */
const serverUrl = testPostgresUrl();
const LEASE_MS = 10_000;
const logger = createLogger({ quiet: true });
/** The key every process of the test shares, as every node of a deployment does. */
const box = aesGcmBox([secretKey(randomBytes(32))]);

let t: ScaledTestDatabase;
let repos: Repositories;
const workers: ScaledJobs[] = [];

async function worker(): Promise<ScaledJobs> {
  const scaled = createScaledJobs({
    databaseUrl: t.url,
    db: t.db,
    jobs: loadJobsConfig({
      MAPSMITH_JOB_LEASE_MS: String(LEASE_MS),
      MAPSMITH_QUEUE_CONNECTIONS: '2',
    }),
    logger,
    clock: systemClock,
    superviseSeconds: 1,
    box,
  });
  await scaled.start();
  workers.push(scaled);
  return scaled;
}

async function startJob(userId: number, url = 'https://example.com/'): Promise<string> {
  const started = await repos.jobs.start({ userId, plan: 'pro', url, engineeringCap: 1000 });
  if (!started.ok) throw new Error(`job refused: ${started.reason}`);
  return started.job.id;
}

const summary = { pagesCrawled: 1, endedBy: 'complete', error: null } as unknown as CrawlSummary;

const page = (url: string) =>
  makePage(url, {
    status: 200,
    bytes: 100,
    responseTimeMs: 5,
    inlinks: 0,
    title: url,
    canonical: null,
    verdict: { included: true },
  });

async function row(id: string) {
  return t.db.first<{ status: string; pages_crawled: number; attempts: number }>(
    'SELECT status, pages_crawled, attempts FROM crawl_jobs WHERE id = ?',
    [id],
  );
}

describe.skipIf(!serverUrl)('the engine crawl queue (pg-boss on Postgres)', () => {
  beforeEach(async () => {
    t = await openScaledTestDatabase(serverUrl as string);
    repos = createSqlRepositories(t.db, systemClock, box);
  });

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await t.close();
  });

  it('claims a pending crawl, keeps it with heartbeats and completes it once', async () => {
    const w = await worker();
    const user = await insertUser(t.db, true);
    const id = await startJob(user);
    const claimed = await w.queue.claim('w1', LEASE_MS, 3, 2);
    expect(claimed?.job.id).toBe(id);
    expect(claimed?.resumed).toBe(false);
    const token = claimed?.claimToken as string;
    expect(await w.queue.heartbeat(id, token, LEASE_MS)).toBe(true);
    expect(await w.queue.complete(id, token, summary)).toBe(true);
    expect((await row(id))?.status).toBe('completed');
    // Settled in the engine too: nothing is handed out again, nothing dispatched again.
    expect(await w.queue.claim('w1', LEASE_MS, 3, 2)).toBeNull();
    expect(await w.queue.heartbeat(id, token, LEASE_MS)).toBe(false);
  });

  it('hands a worker the crawl credentials the API node sealed, opened', async () => {
    const w = await worker();
    const user = await insertUser(t.db, true);
    const settings = { siteAuth: { basic: { username: 'stager', password: 'pw-engine-1' } } };
    const started = await repos.jobs.start({
      userId: user,
      plan: 'pro',
      url: 'https://example.com/',
      engineeringCap: 1000,
      settings,
    });
    if (!started.ok) throw new Error('job refused');
    const claimed = await w.queue.claim('w1', LEASE_MS, 3, 2);
    expect(claimed?.job.id).toBe(started.job.id);
    expect(claimed?.job.settings).toEqual(settings);
  });

  it('dispatches each pending crawl once, however many workers dispatch it', async () => {
    const [a, b] = [await worker(), await worker()];
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await startJob(await insertUser(t.db, true)));
    const sent = [await a.queue.dispatch(LEASE_MS), await b.queue.dispatch(LEASE_MS)];
    sent.push(await a.queue.dispatch(LEASE_MS), await b.queue.dispatch(LEASE_MS));
    expect(sent.reduce((x, y) => x + y, 0)).toBe(4);
    const taken: string[] = [];
    for (const w of [a, b, a, b, a, b]) {
      const claimed = await w.queue.claim(`w${taken.length}`, LEASE_MS, 3, 2);
      if (claimed) taken.push(claimed.job.id);
    }
    expect(taken.sort()).toEqual([...ids].sort());
  });

  it("holds a user's cap of running crawls across workers, and lets another user's crawl pass", async () => {
    const [a, b] = [await worker(), await worker()];
    const agency = await insertUser(t.db, true);
    const other = await insertUser(t.db, true);
    for (let i = 0; i < 3; i++) await startJob(agency, `https://site${i}.example/`);
    await startJob(other, 'https://mine.example/');
    const owners: number[] = [];
    for (const w of [a, b, a, b]) {
      const claimed = await w.queue.claim(`w${owners.length}`, LEASE_MS, 3, 2);
      if (claimed) owners.push(claimed.job.userId);
    }
    expect(owners.filter((u) => u === agency)).toHaveLength(2);
    expect(owners.filter((u) => u === other)).toHaveLength(1);
  });

  it('hands a crawl whose worker stopped heart-beating to another, which resumes it; the old worker can neither charge nor complete', async () => {
    const [dead, alive] = [await worker(), await worker()];
    const user = await insertUser(t.db, true);
    const id = await startJob(user);
    const first = await dead.queue.claim('dead', LEASE_MS, 3, 2);
    expect(first?.job.id).toBe(id);
    const oldStore = repos.jobs.store(id, first?.claimToken);
    await oldStore.savePage('example.com/1', page('https://example.com/1'));
    expect((await row(id))?.pages_crawled).toBe(1);
    // No more heartbeats from `dead`: the engine hands the crawl out again after the lease.
    const startedWaiting = Date.now();
    let second = null;
    while (!second && Date.now() - startedWaiting < 40_000) {
      second = await alive.queue.claim('alive', LEASE_MS, 3, 2);
      if (!second) await new Promise((r) => setTimeout(r, 500));
    }
    expect(second?.job.id).toBe(id);
    expect(second?.resumed).toBe(true);
    expect(second?.claimToken).not.toBe(first?.claimToken);
    expect((await row(id))?.attempts).toBe(2);
    // The old holder is fenced: no page charged, no completion, no heartbeat.
    await expect(oldStore.savePage('example.com/2', page('https://example.com/2'))).rejects.toThrow(
      ClaimLostError,
    );
    expect(await dead.queue.complete(id, first?.claimToken as string, summary)).toBe(false);
    expect(await dead.queue.heartbeat(id, first?.claimToken as string, LEASE_MS)).toBe(false);
    expect(await row(id)).toMatchObject({ status: 'crawling', pages_crawled: 1 });
    const newStore = repos.jobs.store(id, second?.claimToken);
    await newStore.savePage('example.com/2', page('https://example.com/2'));
    expect(await alive.queue.complete(id, second?.claimToken as string, summary)).toBe(true);
    expect(await row(id)).toMatchObject({ status: 'completed', pages_crawled: 2 });
  }, 60_000);

  it('runs audits on the engine too: a stopped worker’s audit goes to another, whose claim alone writes its end', async () => {
    const [dead, alive] = [await worker(), await worker()];
    const user = await insertUser(t.db, true);
    const id = await repos.audits.start({
      userId: user,
      source: 'https://example.com/sitemap.xml',
      sourceUrl: 'https://example.com/sitemap.xml',
      content: null,
      monthQuota: null,
    });
    const first = await dead.auditQueue.claim('dead', LEASE_MS, 3, 2);
    expect(first).toMatchObject({ job: { id, userId: user }, resumed: false });
    expect(await alive.auditQueue.claim('alive', LEASE_MS, 3, 2)).toBeNull();
    const startedWaiting = Date.now();
    let second = null;
    while (!second && Date.now() - startedWaiting < 40_000) {
      second = await alive.auditQueue.claim('alive', LEASE_MS, 3, 2);
      if (!second) await new Promise((r) => setTimeout(r, 500));
    }
    expect(second).toMatchObject({ job: { id }, resumed: true });
    expect(second?.claimToken).not.toBe(first?.claimToken);
    const done = { saved: 0, endedBy: 'done' } as const;
    expect(await dead.auditQueue.complete(id, first?.claimToken as string, done)).toBe(false);
    expect(await dead.auditQueue.heartbeat(id, first?.claimToken as string, LEASE_MS)).toBe(false);
    expect(await alive.auditQueue.complete(id, second?.claimToken as string, done)).toBe(true);
    const audit = await t.db.first<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM audit_jobs WHERE id = ?',
      [id],
    );
    expect(audit).toEqual({ status: 'completed', attempts: 2 });
    // Settled in the engine: nothing is handed out again.
    expect(await alive.auditQueue.claim('alive', LEASE_MS, 3, 2)).toBeNull();
  }, 60_000);

  it('gives a released crawl to another worker at once, without waiting for the lease', async () => {
    const [leaving, staying] = [await worker(), await worker()];
    const id = await startJob(await insertUser(t.db, true));
    expect((await leaving.queue.claim('leaving', LEASE_MS, 3, 2))?.job.id).toBe(id);
    expect(await staying.queue.claim('staying', LEASE_MS, 3, 2)).toBeNull();
    expect(await leaving.queue.release('leaving')).toBe(1);
    const taken = await staying.queue.claim('staying', LEASE_MS, 3, 2);
    expect(taken?.job.id).toBe(id);
  });
});
