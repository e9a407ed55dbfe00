// The desktop's data file (issue 17): the application layer's schema and repositories over one
// SQLite file with one local user, as hosted, and the plan's limits applied to local starts by
// the same decision as hosted, in the desktop's words.
import { makePage } from '@mapsmith/core';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_USER_ID } from '../../packages/desktop/src/main/store/local-data';
import { seedLocalJob, withDataFile } from './support/seed';
import { startTestDesktop, TEST_ORIGIN, type TestDesktop } from './support/services';

const opened: TestDesktop[] = [];
afterEach(async () => {
  for (const d of opened.splice(0).reverse()) await d.dispose();
});

async function open(options: Parameters<typeof startTestDesktop>[0] = {}): Promise<TestDesktop> {
  const d = await startTestDesktop(options);
  opened.push(d);
  return d;
}

async function call<T>(d: TestDesktop, name: string, input: unknown = {}): Promise<T> {
  const reply = await d.dispatch(TEST_ORIGIN, name, input);
  if (!reply.ok) throw new Error(`${name}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.value as T;
}

describe('the local data file', () => {
  it('keeps crawls, their pages, the month meter and the settings across reopening', async () => {
    const first = await startTestDesktop();
    const jobId = await seedLocalJob(first, [
      makePage('https://a.example/', { title: 'Home' }),
      makePage('https://a.example/old', {
        status: 301,
        verdict: { included: false, code: 'redirect', reason: 'excluded: 301 -> /new' },
      }),
      makePage('https://a.example/new', { title: null }),
    ]);
    await first.deps.data.settings.set('account.profile', '{"username":"kept"}');
    await first.close();

    const again = await open({ dataDir: first.dataDir });
    expect(await call(again, 'history.list')).toMatchObject([
      { id: jobId, status: 'completed', pagesCrawled: 2, listed: 2, completionTime: 2 },
    ]);
    const job = await call<{ results: unknown[] }>(again, 'crawl.get', { jobId });
    expect(job.results).toEqual([
      { url: 'https://a.example/', title: 'Home' },
      { url: 'https://a.example/new', title: null },
    ]);
    expect(await call(again, 'analytics.get')).toMatchObject({
      totalCrawls: 1,
      usage: { used: 2, limit: 500 },
    });
    expect(await again.deps.data.settings.get('account.profile')).toBe('{"username":"kept"}');
  });

  it('holds one local user, whose password no sign-in can match', async () => {
    const d = await open();
    const users = await withDataFile(d, (db) =>
      db.all<{ id: number; password_hash: string }>('SELECT id, password_hash FROM users'),
    );
    expect(users).toEqual([{ id: LOCAL_USER_ID, password_hash: '!' }]);
  });
});

describe('local crawl starts under the plan limits', () => {
  const now = Date.parse('2026-06-15T12:00:00Z');
  const month = '2026-06';

  /** A desktop at `now` whose crawls cannot start a process (the decision is what is tested). */
  async function atNow(monthPages: number, startsLastHour = 0) {
    const d = await open({ overrides: { now: () => now } });
    await withDataFile(d, async (db) => {
      await db.run('INSERT INTO usage_months (user_id, month, pages) VALUES (?, ?, ?)', [
        LOCAL_USER_ID,
        month,
        monthPages,
      ]);
      for (let k = 0; k < startsLastHour; k++)
        await db.run(
          `INSERT INTO crawl_jobs (id, user_id, url, status, page_cap, created_at, created_ms)
           VALUES (?, ?, 'https://s.example/', 'completed', 100, ?, ?)`,
          [`j${k}`, LOCAL_USER_ID, new Date(now).toISOString(), now - 50 * 60_000 + k * 1000],
        );
    });
    return d;
  }

  async function capOf(d: TestDesktop): Promise<number> {
    const { jobId } = await call<{ jobId: string }>(d, 'crawl.start', {
      url: 'https://example.com/',
    });
    const job = await d.deps.data.jobs.get(jobId, LOCAL_USER_ID);
    return job?.pageCap ?? -1;
  }

  it('caps a free crawl at 100 pages and at what the month has left', async () => {
    expect(await capOf(await atNow(0))).toBe(100);
    expect(await capOf(await atNow(450))).toBe(50);
  });

  it('refuses a free crawl when the month is used up, with the reset date and the way out', async () => {
    const d = await atNow(500);
    expect(
      await d.dispatch(TEST_ORIGIN, 'crawl.start', { url: 'https://example.com/' }),
    ).toMatchObject({
      ok: false,
      status: 403,
      body: {
        error: 'Monthly limit reached',
        code: 'limit.monthly',
        message:
          'The free plan crawls 500 pages a month; the meter resets on 2026-07-01. Link a Pro account to lift the limit.',
      },
    });
    expect(await call(d, 'history.list')).toEqual([]);
  });

  it('allows 10 free crawls an hour, and says when the next one can start', async () => {
    const d = await atNow(0, 10);
    expect(
      await d.dispatch(TEST_ORIGIN, 'crawl.start', { url: 'https://example.com/' }),
    ).toMatchObject({
      ok: false,
      status: 429,
      body: {
        error: 'Too many crawls',
        code: 'limit.hourly',
        message: expect.stringMatching(
          /^The free plan starts 10 crawls an hour\. Try again in 10 minutes/,
        ),
      },
    });
  });
});
