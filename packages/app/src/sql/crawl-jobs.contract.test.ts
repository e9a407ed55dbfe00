import {
  type CrawlOutcome,
  makePage,
  monthKey,
  PLAN_LIMITS,
  type SeoAnalysis,
  storageBudgetBytes,
} from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoreLimit } from '../crawl/ports.js';
import type { Repositories } from '../repositories.js';
import { createSqlRepositories } from '../repositories.js';
import {
  crawlThrough,
  finishedSummary,
  htmlPage,
  insertUser,
  startJob,
} from '../testing/contract-support.js';
import {
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../testing/test-databases.js';

const HOUR = 3_600_000;

describe.each(testDatabaseKinds)('CrawlJobRepository contract on %s', (kind) => {
  let t: TestDatabase;
  let repos: Repositories;
  let now: number;

  beforeEach(async () => {
    t = await openTestDatabase(kind);
    now = Date.UTC(2026, 10, 22, 12);
    repos = createSqlRepositories(t.db, { now: () => now });
  });
  afterEach(() => t.close());

  it('starts a pending job within the plan limits and refuses past the hour', async () => {
    const user = await insertUser(t.db);
    const limit = PLAN_LIMITS.free.crawlsPerHour;
    for (let i = 0; i < limit; i++) {
      const started = await repos.jobs.start({
        userId: user,
        plan: 'free',
        url: `https://s${i}.example/`,
        engineeringCap: 1000,
      });
      expect(started).toMatchObject({ ok: true, job: { status: 'pending', attempts: 0 } });
      now += 1000;
    }
    const refused = await repos.jobs.start({
      userId: user,
      plan: 'free',
      url: 'https://late.example/',
      engineeringCap: 1000,
    });
    expect(refused).toMatchObject({ ok: false, reason: 'hourly', rate: { remaining: 0 } });
    const rate = await repos.jobs.startRate(user, 'free');
    expect(rate).toEqual({ limit, remaining: 0, resetMs: Date.UTC(2026, 10, 22, 12) + HOUR });
    now = Date.UTC(2026, 10, 22, 12) + HOUR + 1;
    expect((await repos.jobs.startRate(user, 'free')).remaining).toBe(1);
  });

  it('gives back the start of a crawl that failed before fetching a page, not of others (defect 10)', async () => {
    const user = await insertUser(t.db);
    const limit = PLAN_LIMITS.free.crawlsPerHour;
    const failNext = async (page?: ReturnType<typeof htmlPage>) => {
      const claimed = await repos.queue.claim('test-worker', 60_000, 3);
      if (!claimed) throw new Error('nothing to claim');
      if (page) await repos.jobs.store(claimed.job.id, claimed.claimToken).savePage(page.url, page);
      await repos.queue.fail(
        claimed.job.id,
        claimed.claimToken,
        'We could not reach the start page',
      );
    };
    // One crawl failed after it fetched a page: its start stays used.
    await startJob(repos, user, 'free', 'https://half.example/');
    await failNext(htmlPage('https://half.example/'));
    for (let i = 0; i < limit - 1; i++) {
      await startJob(repos, user, 'free', `https://dead${i}.example/`);
      now += 1000;
    }
    expect((await repos.jobs.startRate(user, 'free')).remaining).toBe(0);
    // The dead sites fail without a page: each gives its start back.
    for (let i = 0; i < limit - 1; i++) await failNext();
    expect((await repos.jobs.startRate(user, 'free')).remaining).toBe(limit - 1);
    const again = await repos.jobs.start({
      userId: user,
      plan: 'free',
      url: 'https://alive.example/',
      engineeringCap: 1000,
    });
    expect(again.ok).toBe(true);
  });

  it('counts the bytes a job stores and ends storing, then starting, at the storage budget', async () => {
    const user = await insertUser(t.db);
    const budget = storageBudgetBytes('pro');
    const job = await startJob(repos, user, 'pro');
    const claimed = await repos.queue.claim('test-worker', 60_000, 3);
    if (!claimed) throw new Error('not claimed');
    const limits: StoreLimit[] = [];
    const store = () => repos.jobs.store(job.id, claimed.claimToken, (l) => limits.push(l));
    const first = htmlPage('https://example.com/a');
    const once = store();
    await once.savePage(first.url, first);
    await once.savePage(first.url, first); // saved again on a resume: counted once
    const row = await t.db.first<{ stored_bytes: number; storage_budget: number }>(
      'SELECT stored_bytes, storage_budget FROM crawl_jobs WHERE id = ?',
      [job.id],
    );
    expect(Number(row?.stored_bytes)).toBe(JSON.stringify(first).length + first.url.length);
    expect(Number(row?.storage_budget)).toBe(budget);
    expect(limits).toEqual([]);
    // The owner's other crawls fill the budget: the next check ends storing, and starts stop.
    const other = await startJob(repos, user, 'pro', 'https://other.example/');
    await t.db.run('UPDATE crawl_jobs SET stored_bytes = ? WHERE id = ?', [budget, other.id]);
    const second = htmlPage('https://example.com/b');
    await store().savePage(second.url, second);
    expect(limits).toEqual([{ reason: 'storage-budget', budget }]);
    const refused = await repos.jobs.start({
      userId: user,
      plan: 'pro',
      url: 'https://late.example/',
      engineeringCap: 1000,
    });
    expect(refused).toMatchObject({ ok: false, reason: 'storage', storage: { budget } });
  });

  it('caps a free job at what the month has left, and refuses when nothing is', async () => {
    const user = await insertUser(t.db);
    const quota = PLAN_LIMITS.free.pagesPerMonth ?? 0;
    await t.db.run('INSERT INTO usage_months (user_id, month, pages) VALUES (?, ?, ?)', [
      user,
      monthKey(now),
      quota - 3,
    ]);
    const job = await startJob(repos, user);
    expect(job.pageCap).toBe(3);
    await t.db.run('UPDATE usage_months SET pages = ? WHERE user_id = ?', [quota, user]);
    const refused = await repos.jobs.start({
      userId: user,
      plan: 'free',
      url: 'https://x.example/',
      engineeringCap: 1000,
    });
    expect(refused).toMatchObject({ ok: false, reason: 'monthly' });
    expect(await repos.usage.monthPages(user, monthKey(now))).toBe(quota);
    expect(await repos.usage.months(user, 5)).toEqual([{ month: monthKey(now), pages: quota }]);
  });

  it('keeps a Pro job’s settings and shows a job only to its owner', async () => {
    const user = await insertUser(t.db, true);
    const stranger = await insertUser(t.db);
    const started = await repos.jobs.start({
      userId: user,
      plan: 'pro',
      url: 'https://example.com/',
      engineeringCap: 1000,
      settings: { maxDepth: 3 },
    });
    if (!started.ok) throw new Error('refused');
    const job = await repos.jobs.get(started.job.id, user);
    expect(job?.settings).toMatchObject({ maxDepth: 3 });
    expect(await repos.jobs.get(started.job.id, stranger)).toBeUndefined();
    expect(await repos.jobs.getWithDetails(started.job.id, stranger)).toBeUndefined();
    expect(await repos.jobs.getWithDetails(started.job.id, user)).toEqual({
      job,
      details: await repos.jobs.details(started.job.id),
    });
    expect(await repos.jobs.existing([started.job.id, 'no-such-job'])).toEqual(
      new Set([started.job.id]),
    );
  });

  it('lists, totals and details jobs, with outcome, progress and the SEO cache', async () => {
    const user = await insertUser(t.db, true);
    const first = await crawlThrough(repos, user, 'https://a.example/', [
      htmlPage('https://a.example/'),
      makePage('https://a.example/gone', {
        status: 404,
        verdict: { included: false, code: 'status', reason: '404' },
      }),
    ]);
    now += 5000;
    const second = await startJob(repos, user, 'pro', 'https://b.example/');
    const claimed = await repos.queue.claim('w', 60_000, 3);
    await repos.queue.fail(second.id, claimed?.claimToken ?? '', 'The site was unreachable');
    const list = await repos.jobs.list(user, 10);
    expect(list.map((j) => j.id)).toEqual([second.id, first.id]);
    // A completed job without a kept outcome counts its listed rows.
    expect(list[1]?.listed).toEqual({ count: 1, nothingListed: null });
    expect(list[0]?.listed).toBeNull();
    const outcome = { listed: 7, nothingListed: null } as unknown as CrawlOutcome;
    await repos.jobs.saveProgress(first.id, {
      pagesFound: 2,
      urlsRecorded: 2,
      queued: 0,
      currentUrl: null,
      elapsedMs: 9,
    });
    expect((await repos.jobs.details(first.id)).progress?.pagesFound).toBe(2);
    await repos.jobs.saveOutcome(first.id, outcome);
    const details = await repos.jobs.details(first.id);
    expect(details).toMatchObject({ outcome, progress: null, monthQuota: null });
    expect(details.summary).toEqual(finishedSummary);
    expect(await repos.jobs.getWithDetails(first.id, user)).toEqual({
      job: await repos.jobs.get(first.id, user),
      details,
    });
    expect((await repos.jobs.list(user, 10))[1]?.listed).toEqual({ count: 7, nothingListed: null });
    expect(await repos.jobs.totals(user)).toMatchObject({
      totalCrawls: 2,
      totalPages: 1,
      completed: 1,
      failed: 1,
    });
    expect(await repos.jobs.results(first.id)).toEqual([
      { url: 'https://a.example/', title: 'Title of https://a.example/' },
    ]);
    expect(await repos.jobs.cachedSeoAnalysis(first.id)).toBeNull();
    const analysis = { score: 1, issues: [] } as unknown as SeoAnalysis;
    await repos.jobs.cacheSeoAnalysis(first.id, analysis);
    expect(await repos.jobs.cachedSeoAnalysis(first.id)).toEqual(analysis);
  });

  it('counts the frontier still waiting and deletes old jobs with their rows', async () => {
    const user = await insertUser(t.db, true);
    const job = await startJob(repos, user, 'pro');
    const store = repos.jobs.store(job.id);
    await store.enqueue(
      [1, 2, 3].map((n) => ({
        url: `https://example.com/${n}`,
        key: `k${n}`,
        depth: 1,
        foundVia: 'link' as const,
        referrer: null,
      })),
    );
    await store.take(1);
    await store.savePage('k0', htmlPage('https://example.com/0'));
    expect(await repos.jobs.waiting(job.id)).toBe(3);
    expect(await repos.jobs.deleteCreatedBefore(now)).toBe(0);
    expect(await repos.jobs.deleteCreatedBefore(now + 1)).toBe(1);
    const left = await t.db.first<{ n: number }>(
      'SELECT (SELECT COUNT(*) FROM crawl_pages) + (SELECT COUNT(*) FROM crawl_frontier) AS n',
    );
    expect(left?.n).toBe(0);
  });

  it('compares a crawl with the previous one of its site: changes, removed URLs, honest lastmod', async () => {
    const user = await insertUser(t.db, true);
    const page = (path: string, fingerprint: string, lastModified: string | null) =>
      makePage(`https://c.example${path}`, { title: path, fingerprint, lastModified });
    const first = await crawlThrough(repos, user, 'https://c.example/', [
      page('/', 'f-home', '2026-01-01T00:00:00.000Z'),
      page('/same', 'f-same', null),
      page('/edit', 'f-old', '2026-02-01T00:00:00.000Z'),
      page('/gone', 'f-gone', null),
    ]);
    expect(await repos.jobs.changes(first.id)).toEqual({ summary: null, removed: [] });
    now += HOUR;
    // The start URL typed without its slash still finds the previous crawl of the site.
    const second = await crawlThrough(repos, user, 'https://c.example', [
      page('/', 'f-home', null),
      page('/same', 'f-same', null),
      page('/edit', 'f-new', '2026-03-01T00:00:00.000Z'),
      page('/new', 'f-n', null),
    ]);
    const changes = await repos.jobs.changes(second.id);
    expect(changes.summary).toMatchObject({
      previousJobId: first.id,
      added: 1,
      removed: 1,
      changed: 1,
      unchanged: 2,
      newlyExcluded: 0,
    });
    expect(changes.removed).toEqual([{ url: 'https://c.example/gone', title: '/gone' }]);
    const lastmods = new Map<string, string | null>();
    for await (const p of repos.jobs.store(second.id).pages()) lastmods.set(p.url, p.lastModified);
    expect(Object.fromEntries(lastmods)).toEqual({
      // Unchanged: the lastmod the previous crawl gave it.
      'https://c.example/': '2026-01-01T00:00:00.000Z',
      'https://c.example/same': null,
      // Changed, with a later stated date not after the crawl: that date.
      'https://c.example/edit': '2026-03-01T00:00:00.000Z',
      'https://c.example/new': null,
    });
    const report = repos.jobs.report();
    const changed = await report.urls(second.id, { change: 'changed' });
    expect(changed.rows.map((r) => r.url)).toEqual(['https://c.example/edit']);
  });
  it('counts URLs the changed settings left out apart from removed ones, and names the settings (issue 25.5)', async () => {
    const user = await insertUser(t.db, true);
    const page = (path: string) => makePage(`https://s.example${path}`, { title: path });
    const full = await crawlThrough(repos, user, 'https://s.example/', [
      page('/'),
      page('/blog/a'),
      page('/news/b'),
      page('/about'),
    ]);
    now += HOUR;
    const narrow = await crawlThrough(repos, user, 'https://s.example/', [page('/')], 'pro', {
      maxDepth: 1,
      exclude: ['/blog/*', '/news/*'],
    });
    const changes = await repos.jobs.changes(narrow.id);
    expect(changes.summary).toMatchObject({
      previousJobId: full.id,
      removed: 0,
      leftOut: 3,
      settingsChanged: ['depth', 'exclude'],
    });
    expect(changes.removed.map((r) => r.url)).toEqual([
      'https://s.example/blog/a',
      'https://s.example/news/b',
      'https://s.example/about',
    ]);
    // The same when the history compares the two on demand.
    expect((await repos.jobs.changesAgainst(narrow, full)).summary).toMatchObject({
      removed: 0,
      leftOut: 3,
      settingsChanged: ['depth', 'exclude'],
    });
    // The same settings again: like with like, so a page not met is removed.
    now += HOUR;
    const again = await crawlThrough(repos, user, 'https://s.example/', [], 'pro', {
      exclude: ['/news/*', '/blog/*'],
      maxDepth: 1,
    });
    expect((await repos.jobs.changes(again.id)).summary).toMatchObject({
      removed: 1,
      leftOut: 0,
      settingsChanged: [],
    });
  });

  it('pages, searches, sorts and deletes the history, and compares any two crawls of a site (issue 26)', async () => {
    const user = await insertUser(t.db, true);
    const page = (path: string, fingerprint: string) =>
      makePage(`https://h.example${path}`, { title: path, fingerprint });
    const first = await crawlThrough(repos, user, 'https://h.example/', [
      page('/', 'a'),
      page('/gone', 'a'),
    ]);
    now += HOUR;
    await crawlThrough(repos, user, 'https://other.example/', [makePage('https://other.example/')]);
    now += HOUR;
    const third = await crawlThrough(repos, user, 'https://h.example/', [
      page('/', 'b'),
      page('/new', 'a'),
      page('/more', 'a'),
    ]);
    await repos.jobs.cacheSeoAnalysis(first.id, { score: 70 } as SeoAnalysis);
    const ids = async (q: Parameters<typeof repos.jobs.historyPage>[1]) =>
      (await repos.jobs.historyPage(user, q)).rows.map((r) => r.id);
    const all = { limit: 10, offset: 0 };
    const page1 = await repos.jobs.historyPage(user, { ...all, q: 'H.EXAMPLE', limit: 1 });
    expect(page1).toMatchObject({ matching: 2, total: 3 });
    expect(page1.rows.map((r) => r.id)).toEqual([third.id]);
    expect(await ids({ ...all, q: 'h.example', offset: 1 })).toEqual([first.id]);
    expect(await ids({ ...all, sort: 'pages', dir: 'asc' })).toHaveLength(3);
    expect((await ids({ ...all, sort: 'pages' }))[0]).toBe(third.id);
    expect((await ids({ ...all, sort: 'score' }))[0]).toBe(first.id);
    expect((await repos.jobs.historyPage(user, { ...all, sort: 'score' })).rows[0]?.score).toBe(70);
    expect(await ids({ ...all, status: 'failed' })).toEqual([]);

    // Any two crawls of the site, not only consecutive ones; the kept comparison stays.
    const against = await repos.jobs.changesAgainst(third, first);
    expect(against.summary).toMatchObject({ added: 2, removed: 1, changed: 1, unchanged: 0 });
    expect(against.removed).toEqual([{ url: 'https://h.example/gone', title: '/gone' }]);
    expect((await repos.jobs.changes(third.id)).summary?.previousJobId).toBe(first.id);

    expect(await repos.jobs.deleteJob(first.id, user + 1)).toBe('missing');
    expect(await repos.jobs.deleteJob(first.id, user)).toBe('deleted');
    expect(await repos.jobs.get(first.id, user)).toBeUndefined();
    const rows = await t.db.first<{ n: number }>(
      'SELECT COUNT(*) AS n FROM crawl_pages WHERE job_id = ?',
      [first.id],
    );
    expect(Number(rows?.n)).toBe(0);
    expect((await repos.jobs.historyPage(user, all)).total).toBe(2);
  });
});
