import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makePage } from '@mapsmith/core';
import { afterEach, describe, expect, it } from 'vitest';
import { admitCrawl } from '../../packages/desktop/src/main/plan-gate';
import { LocalStore } from '../../packages/desktop/src/main/store/local-store';

const dirs: string[] = [];
function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-store-'));
  dirs.push(dir);
  return path.join(dir, 'nested', 'mapsmith.sqlite');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('LocalStore', () => {
  it('keeps history, results and summaries in the SQLite file across reopening', async () => {
    const file = tempFile();
    let store = await LocalStore.open(file);
    await store.createJob({
      id: 'a',
      url: 'https://a.example/',
      createdAt: '2026-06-03T10:00:00.000Z',
      pageCap: 100,
    });
    await store.updateProgress('a', 1);
    await store.addPages('a', [
      makePage('https://a.example/', { title: 'Home' }),
      makePage('https://a.example/old', {
        status: 301,
        verdict: { included: false, code: 'redirect', reason: 'excluded: 301 -> /new' },
      }),
    ]);
    await store.addPages('a', [makePage('https://a.example/new', { title: null })]);
    await store.finishJob('a', {
      status: 'completed',
      pagesCrawled: 3,
      error: null,
      summary: null,
      finishedAt: '2026-06-03T10:00:12.400Z',
    });
    await store.close();

    store = await LocalStore.open(file);
    const job = await store.getJob('a');
    expect(job).toMatchObject({ jobId: 'a', status: 'completed', pagesCrawled: 3, error: null });
    expect(job?.results).toEqual([
      { url: 'https://a.example/', title: 'Home' },
      { url: 'https://a.example/new', title: null },
    ]);
    expect((await store.pages('a')).map((p) => p.url)).toEqual([
      'https://a.example/',
      'https://a.example/old',
      'https://a.example/new',
    ]);
    expect(await store.history()).toEqual([
      {
        id: 'a',
        url: 'https://a.example/',
        status: 'completed',
        pagesCrawled: 3,
        createdAt: '2026-06-03T10:00:00.000Z',
        completionTime: 12.4,
        listed: 2,
        nothingListed: null,
      },
    ]);
    await store.close();
  });

  it('lists a completed crawl that listed nothing as such', async () => {
    const store = await LocalStore.open(tempFile());
    await store.createJob({
      id: 'e',
      url: 'https://e.example/',
      createdAt: '2026-06-03T10:00:00.000Z',
      pageCap: 100,
    });
    await store.addPages('e', [
      makePage('https://e.example/', {
        verdict: { included: false, code: 'robots', reason: 'blocked by robots.txt' },
      }),
    ]);
    await store.finishJob('e', {
      status: 'completed',
      pagesCrawled: 0,
      error: null,
      summary: null,
      finishedAt: '2026-06-03T10:00:01.000Z',
    });
    expect(await store.history()).toMatchObject([{ id: 'e', listed: 0, nothingListed: null }]);
    await store.close();
  });

  it('marks crawls a previous run left unfinished as failed, with the reason', async () => {
    const file = tempFile();
    let store = await LocalStore.open(file);
    await store.createJob({
      id: 'b',
      url: 'https://b.example/',
      createdAt: new Date().toISOString(),
      pageCap: 100,
    });
    await store.updateProgress('b', 7);
    await store.close();
    store = await LocalStore.open(file);
    expect(await store.getJob('b')).toMatchObject({
      status: 'failed',
      pagesCrawled: 7,
      error: 'Interrupted: the app closed during the crawl',
    });
    // A late summary cannot revive a job that already ended.
    await store.finishJob('b', {
      status: 'completed',
      pagesCrawled: 9,
      error: null,
      summary: null,
      finishedAt: new Date().toISOString(),
    });
    expect((await store.getJob('b'))?.status).toBe('failed');
    await store.close();
  });

  it('computes the spec analytics from the history', async () => {
    const store = await LocalStore.open(tempFile());
    const jobs = [
      { id: '1', at: '2026-05-30T10:00:00.000Z', status: 'completed', pages: 40, secs: 10 },
      { id: '2', at: '2026-06-01T10:00:00.000Z', status: 'completed', pages: 60, secs: 20 },
      { id: '3', at: '2026-06-02T10:00:00.000Z', status: 'failed', pages: 5, secs: 1 },
    ] as const;
    for (const j of jobs) {
      await store.createJob({ id: j.id, url: 'https://s.example/', createdAt: j.at, pageCap: 100 });
      await store.finishJob(j.id, {
        status: j.status,
        pagesCrawled: j.pages,
        error: j.status === 'failed' ? 'boom' : null,
        summary: null,
        finishedAt: new Date(Date.parse(j.at) + j.secs * 1000).toISOString(),
      });
    }
    const analytics = await store.analytics(new Date('2026-06-15T00:00:00Z'), 500);
    expect(analytics).toEqual({
      totalCrawls: 3,
      totalPages: 105,
      successRate: 66.7,
      avgCrawlTime: 15,
      // The hosted dashboard's shape: the last six months, months without crawls at 0.
      monthlyUsage: [
        { month: 'January 2026', pages: 0 },
        { month: 'February 2026', pages: 0 },
        { month: 'March 2026', pages: 0 },
        { month: 'April 2026', pages: 0 },
        { month: 'May 2026', pages: 40 },
        { month: 'June 2026', pages: 65 },
      ],
      usage: { used: 65, limit: 500, resetsAt: '2026-07-01T00:00:00.000Z' },
    });
    await store.close();
  });

  it('refuses a bad write without losing what was stored before', async () => {
    const store = await LocalStore.open(tempFile());
    await store.createJob({
      id: 'c',
      url: 'https://c.example/',
      createdAt: new Date().toISOString(),
      pageCap: 100,
    });
    await store.addPages('c', [makePage('https://c.example/')]);
    await expect(store.addPages('missing-job', [makePage('https://x.example/')])).rejects.toThrow(
      /FOREIGN KEY/,
    );
    expect((await store.getJob('c'))?.results).toHaveLength(1);
    await store.close();
  });
});

describe('admitCrawl (local plan limits)', () => {
  const now = Date.parse('2026-06-15T12:00:00Z');
  async function storeWith(jobs: { at: number; pages: number; running?: boolean }[]) {
    const store = await LocalStore.open(tempFile());
    let i = 0;
    for (const j of jobs) {
      const id = `j${i++}`;
      await store.createJob({
        id,
        url: 'https://s.example/',
        createdAt: new Date(j.at).toISOString(),
        pageCap: 100,
      });
      if (!j.running)
        await store.finishJob(id, {
          status: 'completed',
          pagesCrawled: j.pages,
          error: null,
          summary: null,
          finishedAt: new Date(j.at + 1000).toISOString(),
        });
    }
    return store;
  }

  it('caps a free crawl at 100 pages and at what the month has left', async () => {
    const store = await storeWith([{ at: now - 5 * 86400_000, pages: 450 }]);
    expect(await admitCrawl(store, 'free', now, 1_000_000)).toBe(50);
    expect(await admitCrawl(store, 'pro', now, 1_000_000)).toBe(1_000_000);
    await store.close();
  });

  it('refuses a free crawl when the month is used up, counting running crawls, with the reset date', async () => {
    const store = await storeWith([
      { at: now - 5 * 86400_000, pages: 420 },
      { at: now - 2 * 86400_000, pages: 0, running: true },
    ]);
    const refusal = admitCrawl(store, 'free', now, 1_000_000);
    await expect(refusal).rejects.toMatchObject({ status: 403, error: 'Monthly limit reached' });
    await expect(admitCrawl(store, 'free', now, 1_000_000)).rejects.toThrow(/resets on 2026-07-01/);
    await store.close();
  });

  it('allows 10 free crawls an hour and 60 for Pro', async () => {
    const store = await storeWith(
      Array.from({ length: 10 }, (_, k) => ({ at: now - 50 * 60_000 + k * 1000, pages: 1 })),
    );
    await expect(admitCrawl(store, 'free', now, 1_000_000)).rejects.toMatchObject({
      status: 429,
      error: 'Too many crawls',
    });
    await expect(admitCrawl(store, 'free', now, 1_000_000)).rejects.toThrow(
      /Try again in 10 minutes/,
    );
    expect(await admitCrawl(store, 'pro', now, 1_000_000)).toBe(1_000_000);
    expect(await admitCrawl(store, 'free', now + 11 * 60_000, 1_000_000)).toBe(100);
    await store.close();
  });
});

describe('LocalStore.iteratePages', () => {
  it('streams every record in crawl order across batch boundaries', async () => {
    const store = await LocalStore.open(tempFile());
    await store.createJob({
      id: 'big',
      url: 'https://big.example/',
      createdAt: new Date().toISOString(),
      pageCap: 3000,
    });
    const urls = Array.from({ length: 2501 }, (_, i) => `https://big.example/p/${i}`);
    await store.addPages(
      'big',
      urls.slice(0, 1200).map((u) => makePage(u)),
    );
    await store.addPages(
      'big',
      urls.slice(1200).map((u) => makePage(u)),
    );
    const seen: string[] = [];
    for await (const page of store.iteratePages('big', 1000)) seen.push(page.url);
    expect(seen).toEqual(urls);
    const none: string[] = [];
    for await (const page of store.iteratePages('missing')) none.push(page.url);
    expect(none).toEqual([]);
    await store.close();
  });
});
