import { makePage, monthKey, OUTSIDE_VERDICT, type PageRecord } from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeCrawlStoreContract } from '../../../../tests/fixtures/store/crawl-store-contract.js';
import { createSqlRepositories } from '../repositories.js';
import { insertUser } from '../testing/contract-support.js';
import {
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../testing/test-databases.js';

function page(url: string, included = true): PageRecord {
  return makePage(url, {
    status: included ? 200 : 404,
    bytes: 100,
    responseTimeMs: 5,
    inlinks: 0,
    title: `Title of ${url}`,
    canonical: null,
    verdict: included ? { included: true } : { included: false, code: 'status', reason: '404' },
  });
}

async function newJob(t: TestDatabase, plan: 'free' | 'pro' = 'free') {
  const repos = createSqlRepositories(t.db);
  const user = await insertUser(t.db, plan === 'pro');
  const started = await repos.jobs.start({
    userId: user,
    plan,
    url: 'https://example.com/',
    engineeringCap: 1000,
  });
  if (!started.ok) throw new Error('job refused');
  return { repos, user, job: started.job };
}

const entry = (n: number) => ({
  url: `https://example.com/${n}`,
  key: `example.com/${n}`,
  depth: 1,
  foundVia: 'link' as const,
  referrer: null,
});

describe.each(testDatabaseKinds)('the crawl store on %s', (kind) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await openTestDatabase(kind);
  });
  afterEach(() => t.close());

  describeCrawlStoreContract(`the ${kind} store`, async () => {
    const { repos, job } = await newJob(t, 'pro');
    return repos.jobs.store(job.id);
  });

  describe('SqlCrawlStore', () => {
    it('never charges nor caps a URL outside the site, and counts it as its own verdict', async () => {
      const { repos, user, job } = await newJob(t);
      const store = repos.jobs.store(job.id);
      const away = { ...entry(9), url: 'https://other.example/', key: 'https://other.example/' };
      await store.savePage(away.key, makePage(away.url, { status: 0, verdict: OUTSIDE_VERDICT }));
      expect((await repos.jobs.get(job.id, user))?.pagesCrawled).toBe(0);
      expect(await repos.usage.monthPages(user, monthKey(Date.now()))).toBe(0);
      const counts = await t.db.all<{ reason: string; n: number }>(
        'SELECT reason, n FROM crawl_report_counts WHERE job_id = ?',
        [job.id],
      );
      expect(counts).toEqual([{ reason: 'out-of-scope', n: 1 }]);
    });

    it('deduplicates the frontier by key and leases oldest first', async () => {
      const { repos, job } = await newJob(t);
      const store = repos.jobs.store(job.id);
      expect(await store.enqueue([entry(1), entry(2), entry(1)])).toBe(2);
      expect(await store.enqueue([entry(2), entry(3)])).toBe(1);
      const taken = await store.take(2);
      expect(taken.map((e) => e.key)).toEqual(['example.com/1', 'example.com/2']);
      expect(await store.counts()).toEqual({ queued: 1, seen: 3, saved: 0 });
      expect(await store.requeueLeased()).toBe(2);
      expect((await store.take(10)).map((e) => e.key)).toEqual([
        'example.com/1',
        'example.com/2',
        'example.com/3',
      ]);
    });

    it('queues a long list of links in batches, each key once', async () => {
      const { repos, job } = await newJob(t);
      const store = repos.jobs.store(job.id);
      const many = Array.from({ length: 250 }, (_, i) => entry(i));
      expect(await store.enqueue([...many, ...many.slice(0, 30)])).toBe(250);
      expect(await store.enqueue(many.slice(200))).toBe(0);
      expect((await store.take(300)).map((e) => e.key)).toEqual(many.map((e) => e.key));
    });

    it('charges a page once, even when it is saved again after a resume', async () => {
      const { repos, user, job } = await newJob(t);
      const store = repos.jobs.store(job.id);
      await store.enqueue([entry(1), entry(2)]);
      await store.take(2);
      await store.savePage('example.com/1', page('https://example.com/1'));
      await store.savePage('example.com/1', page('https://example.com/1'));
      await store.savePage('example.com/2', page('https://example.com/2', false));
      // The 404 of example.com/2 is recorded but is not a page: neither charged nor capped.
      expect((await repos.jobs.get(job.id, user))?.pagesCrawled).toBe(1);
      expect(await repos.usage.monthPages(user, monthKey(Date.now()))).toBe(1);
      expect(await repos.jobs.results(job.id)).toEqual([
        { url: 'https://example.com/1', title: 'Title of https://example.com/1' },
      ]);
      expect(await store.counts()).toEqual({ queued: 0, seen: 2, saved: 2 });
      expect(await store.requeueLeased()).toBe(0);
    });

    it('merges inlinks into the pages it yields, keeping 5 linking pages', async () => {
      const { repos, job } = await newJob(t);
      const store = repos.jobs.store(job.id);
      await store.savePage('example.com/1', page('https://example.com/1'));
      const links = Array.from({ length: 7 }, (_, i) => ({
        key: 'example.com/1',
        from: `https://example.com/from/${i}`,
      }));
      await store.addInlinks([...links, links[0] ?? links[1]].filter((l) => l !== undefined));
      const pages = [];
      for await (const p of store.pages()) pages.push(p);
      expect(pages).toHaveLength(1);
      expect(pages[0]?.inlinks).toBe(7);
      expect(pages[0]?.linkedFrom).toHaveLength(5);
    });

    it('counts the links of one call for every page they name, and settles the URL table once', async () => {
      const { repos, job } = await newJob(t);
      const store = repos.jobs.store(job.id);
      // 90 saved pages and 30 not saved yet: 120 keys, more than one statement's batch.
      for (let i = 0; i < 90; i++) await store.savePage(`k${i}`, page(`https://example.com/${i}`));
      const links = Array.from({ length: 90 }, (_, i) =>
        Array.from({ length: (i % 3) + 1 }, (_v, n) => ({
          key: `k${i}`,
          from: `https://example.com/from/${n}`,
        })),
      ).flat();
      const later = Array.from({ length: 30 }, (_, i) => ({
        key: `later${i}`,
        from: 'https://example.com/from/0',
      }));
      await store.addInlinks([...links, ...later]);
      // Seen again: counted once.
      await store.addInlinks(links.slice(0, 10));
      const inlinks = new Map<string, number>();
      for await (const p of store.pages()) inlinks.set(p.url, p.inlinks);
      expect(inlinks.size).toBe(90);
      for (let i = 0; i < 90; i++)
        expect(inlinks.get(`https://example.com/${i}`), `page ${i}`).toBe((i % 3) + 1);
      // The URL table's column has each page's count as at its save until the run settles it.
      const table = async () =>
        (await repos.jobs.report().urls(job.id, { sort: 'url', limit: 100 })).rows;
      expect(new Set((await table()).map((r) => r.inlinks))).toEqual(new Set([0]));
      await repos.jobs.settleLinks(job.id);
      for (const row of await table()) expect(row.inlinks, row.url).toBe(inlinks.get(row.url));
      // A page saved after its links were seen counts them at once.
      await store.savePage('later0', page('https://example.com/later0'));
      const saved = await repos.jobs.report().url(job.id, 'https://example.com/later0');
      expect(saved?.inlinks).toBe(1);
    });

    it('stops storing at the job cap and at the monthly quota, and says so', async () => {
      const { repos, user, job } = await newJob(t);
      await t.db.run('INSERT INTO usage_months (user_id, month, pages) VALUES (?, ?, 498)', [
        user,
        monthKey(Date.now()),
      ]);
      let refused = 0;
      const store = repos.jobs.store(job.id, null, () => refused++);
      for (let i = 0; i < 5; i++) await store.savePage(`k${i}`, page(`https://example.com/${i}`));
      expect(refused).toBe(3);
      expect(await repos.usage.monthPages(user, monthKey(Date.now()))).toBe(500);
      expect((await repos.jobs.get(job.id, user))?.pagesCrawled).toBe(2);
    });

    it('yields pages in save order across batches', async () => {
      const { repos, job } = await newJob(t, 'pro');
      const store = repos.jobs.store(job.id);
      for (let i = 0; i < 620; i++) await store.savePage(`k${i}`, page(`https://example.com/${i}`));
      const urls = [];
      for await (const p of store.pages()) urls.push(p.url);
      expect(urls).toHaveLength(620);
      expect(urls[0]).toBe('https://example.com/0');
      expect(urls[619]).toBe('https://example.com/619');
      // 620 saves of their own transaction each: on Postgres under load, tens of seconds.
    }, 120_000);

    it('stops a batched store at its first failed batch: nothing held or saved later is written', async () => {
      const { repos, job } = await newJob(t, 'pro');
      await t.db.run("UPDATE crawl_jobs SET claim_token = 'mine' WHERE id = ?", [job.id]);
      const store = repos.jobs.store(job.id, 'mine', undefined, true);
      const stored = async () =>
        (
          await t.db.first<{ n: number }>(
            'SELECT COUNT(*) AS n FROM crawl_pages WHERE job_id = ?',
            [job.id],
          )
        )?.n;
      await store.savePage('k0', page('https://example.com/0'));
      await store.flush();
      // The batch's write fails (here its fence: another holder's token), and rolls back whole.
      await t.db.run("UPDATE crawl_jobs SET claim_token = 'theirs' WHERE id = ?", [job.id]);
      await store.savePage('k1', page('https://example.com/1'));
      await store.savePage('k2', page('https://example.com/2'));
      await store.addInlinks([{ key: 'k2', from: 'https://example.com/1' }]);
      const failure = await store.flush().then(
        () => null,
        (err: Error) => err,
      );
      expect(failure?.name).toBe('ClaimLostError');
      // Even were the write to succeed now, the store writes nothing more: every call says why.
      await t.db.run("UPDATE crawl_jobs SET claim_token = 'mine' WHERE id = ?", [job.id]);
      await expect(store.savePage('k3', page('https://example.com/3'))).rejects.toBe(failure);
      await expect(store.addInlinks([{ key: 'k0', from: 'https://example.com/3' }])).rejects.toBe(
        failure,
      );
      await expect(store.flush()).rejects.toBe(failure);
      await new Promise((r) => setTimeout(r, 300));
      expect(await stored()).toBe(1);
      // Nor were the failed batch's links written on their own: the job is not this store's.
      const links = await t.db.first<{ n: number }>(
        'SELECT COUNT(*) AS n FROM crawl_inlinks WHERE job_id = ?',
        [job.id],
      );
      expect(links?.n).toBe(0);
    });
  });

  it("holds a batched store's links past its page writes; a page's lease ends with its links, so a crash refetches it, charged once", async () => {
    const { repos, user, job } = await newJob(t, 'pro');
    const store = repos.jobs.store(job.id, null, undefined, true);
    const facts = async () => ({
      ...(await t.db.first<{ stored: number; links: number; done: number; leased: number }>(
        `SELECT (SELECT COUNT(*) FROM crawl_pages WHERE job_id = ?) AS stored,
                  (SELECT COUNT(*) FROM crawl_inlinks WHERE job_id = ?) AS links,
                  (SELECT COUNT(*) FROM crawl_frontier WHERE job_id = ? AND state = 'done') AS done,
                  (SELECT COUNT(*) FROM crawl_frontier WHERE job_id = ? AND state = 'leased') AS leased`,
        [job.id, job.id, job.id, job.id],
      )),
      charged: (await repos.jobs.get(job.id, user))?.pagesCrawled,
      counted: (
        await t.db.first<{ n: number }>(
          'SELECT SUM(n) AS n FROM crawl_report_counts WHERE job_id = ?',
          [job.id],
        )
      )?.n,
    });
    await store.enqueue([entry(1), entry(2), entry(3)]);
    await store.take(3);
    // The crawl's order: a page's links are held before its save.
    await store.addInlinks([{ key: 'example.com/3', from: 'https://example.com/1' }]);
    await store.savePage('example.com/1', page('https://example.com/1'));
    await store.addInlinks([{ key: 'example.com/1', from: 'https://example.com/2' }]);
    await store.savePage('example.com/2', page('https://example.com/2'));
    // The progress' read writes the held pages, stored and charged; their links stay held,
    // and with them the pages' leases.
    expect(await store.counts()).toEqual({ queued: 0, seen: 3, saved: 2 });
    expect(await facts()).toEqual({
      stored: 2,
      links: 0,
      done: 0,
      leased: 3,
      charged: 2,
      counted: 2,
    });
    // So does the batch written on its timer.
    await store.addInlinks([{ key: 'example.com/1', from: 'https://example.com/3' }]);
    await store.savePage('example.com/3', page('https://example.com/3'));
    await new Promise((r) => setTimeout(r, 300));
    expect(await facts()).toMatchObject({ stored: 3, links: 0, done: 0, leased: 3 });
    // A crash now: the resumed run's store requeues the three, stores them again in place,
    // charges none twice, counts each once, and ends their leases with their links.
    const resumed = repos.jobs.store(job.id, null, undefined, true);
    expect(await resumed.requeueLeased()).toBe(3);
    const again = await resumed.take(3);
    expect(again.map((e) => e.key)).toEqual(['example.com/1', 'example.com/2', 'example.com/3']);
    await resumed.addInlinks([
      { key: 'example.com/3', from: 'https://example.com/1' },
      { key: 'example.com/1', from: 'https://example.com/2' },
      { key: 'example.com/1', from: 'https://example.com/3' },
    ]);
    for (const e of again) await resumed.savePage(e.key, page(e.url));
    await resumed.flush();
    expect(await facts()).toEqual({
      stored: 3,
      links: 3,
      done: 3,
      leased: 0,
      charged: 3,
      counted: 3,
    });
  });

  describe('SqlJobQueue.sweepFrontiers', () => {
    it('drops the frontier of jobs that are over and keeps that of running ones', async () => {
      const done = await newJob(t);
      const live = await newJob(t);
      await done.repos.jobs.store(done.job.id).enqueue([entry(1), entry(2), entry(3)]);
      await live.repos.jobs.store(live.job.id).enqueue([entry(1), entry(2)]);
      // A job failed at claim after repeated interruptions keeps its rows until the sweep.
      await t.db.run("UPDATE crawl_jobs SET status = 'failed' WHERE id = ?", [done.job.id]);
      expect(await done.repos.queue.sweepFrontiers()).toBe(3);
      const left = await t.db.all<{ job_id: string }>('SELECT job_id FROM crawl_frontier');
      expect(left.map((r) => r.job_id)).toEqual([live.job.id, live.job.id]);
    });
  });
});
