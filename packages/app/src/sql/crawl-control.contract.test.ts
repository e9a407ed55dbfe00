import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Repositories } from '../repositories.js';
import { createSqlRepositories } from '../repositories.js';
import { finishedSummary, htmlPage, insertUser, startJob } from '../testing/contract-support.js';
import {
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../testing/test-databases.js';

const LEASE = 60_000;

// Issue 30: the owner's stop, pause and resume, as the repository and the queue keep them.
describe.each(testDatabaseKinds)('crawl control contract on %s', (kind) => {
  let t: TestDatabase;
  let repos: Repositories;
  let now: number;

  beforeEach(async () => {
    t = await openTestDatabase(kind);
    now = Date.UTC(2026, 10, 26, 12);
    repos = createSqlRepositories(t.db, { now: () => now });
  });
  afterEach(() => t.close());

  it('keeps a paused job out of every claim until it is resumed, then resumes its frontier', async () => {
    const user = await insertUser(t.db, true);
    const job = await startJob(repos, user, 'pro');
    const claimed = await repos.queue.claim('w1', LEASE, 3);
    if (!claimed) throw new Error('not claimed');
    const store = repos.jobs.store(job.id, claimed.claimToken);
    await store.enqueue([
      { url: 'https://example.com/a', key: 'a', depth: 1, foundVia: 'link', referrer: null },
    ]);
    await store.savePage('p0', htmlPage('https://example.com/0'));

    expect(await repos.jobs.requestControl(job.id, user, 'pause')).toBe('done');
    expect(await repos.jobs.control(job.id)).toBe('pause');
    // Asked, not yet acted on: it still runs under its claim.
    expect(await repos.jobs.get(job.id, user)).toMatchObject({
      status: 'crawling',
      control: 'pause',
    });
    expect(await repos.queue.pause(job.id, claimed.claimToken)).toBe(true);
    expect(await repos.jobs.get(job.id, user)).toMatchObject({
      status: 'paused',
      attempts: 0,
      pagesCrawled: 1,
    });
    // No worker takes a paused job, even once the lease it had would have run out.
    now += 2 * LEASE;
    expect(await repos.queue.claim('w2', LEASE, 3)).toBeNull();
    // The old claim cannot write any more.
    expect(await repos.queue.heartbeat(job.id, claimed.claimToken, LEASE)).toBe(false);

    expect(await repos.jobs.requestControl(job.id, user, 'resume')).toBe('done');
    const again = await repos.queue.claim('w2', LEASE, 3);
    expect(again).toMatchObject({ job: { id: job.id, status: 'crawling', control: null } });
    if (!again) throw new Error('not claimed again');
    const resumed = repos.jobs.store(job.id, again.claimToken);
    expect((await resumed.take(5)).map((e) => e.key)).toEqual(['a']);
    expect(await repos.jobs.requestControl(job.id, user, 'resume')).toBe('not-paused');
  });

  it('lets a stop replace a pause, and refuses every request once the job has ended', async () => {
    const user = await insertUser(t.db, true);
    const job = await startJob(repos, user, 'pro');
    // A waiting job paused, then stopped: it is claimable again only so a worker ends it.
    expect(await repos.jobs.requestControl(job.id, user, 'pause')).toBe('done');
    expect(await repos.jobs.get(job.id, user)).toMatchObject({ status: 'paused' });
    expect(await repos.queue.claim('w1', LEASE, 3)).toBeNull();
    expect(await repos.jobs.requestControl(job.id, user, 'stop')).toBe('done');
    expect(await repos.jobs.requestControl(job.id, user, 'pause')).toBe('stopping');
    const claimed = await repos.queue.claim('w1', LEASE, 3);
    expect(claimed).toMatchObject({ job: { id: job.id, control: 'stop' } });
    if (!claimed) throw new Error('not claimed');
    expect(await repos.queue.complete(job.id, claimed.claimToken, finishedSummary)).toBe(true);
    for (const action of ['stop', 'pause', 'resume'] as const)
      expect(await repos.jobs.requestControl(job.id, user, action)).toBe('ended');
  });

  it("treats another user's job as missing and leaves it alone", async () => {
    const owner = await insertUser(t.db, true);
    const other = await insertUser(t.db, true);
    const job = await startJob(repos, owner, 'pro');
    for (const action of ['stop', 'pause', 'resume'] as const)
      expect(await repos.jobs.requestControl(job.id, other, action)).toBe('not-found');
    expect(await repos.jobs.control(job.id)).toBeNull();
  });
});
