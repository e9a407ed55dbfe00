// The desktop's data file (issue 17): the application layer's schema and repositories over one
// SQLite file with one local user, as hosted, and the plan's limits applied to local starts by
// the same decision as hosted, in the desktop's words.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HOSTED_ONLY_TABLES, migrations } from '@mapsmith/app';
import { makePage } from '@mapsmith/core';
import { Database, migrate } from '@mapsmith/sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DATA_FILE,
  IMPORTED_SUFFIX,
  LEGACY_FILE,
  LOCAL_USER_ID,
} from '../../packages/desktop/src/main/store/local-data';
import { createOldSchema } from '../../packages/server/src/db/fixtures/old-schema';
import { openLegacyFile, writeLegacyCrawl } from './support/legacy-schema';
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

const tableNames = (db: Pick<Database, 'all'>) =>
  db
    .all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .then((rows) => rows.map((r) => r.name));

describe("the data file's schema", () => {
  it("holds the server's tables but the hosted-only ones, and its settings", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-server-schema-'));
    const server = await Database.open(path.join(dir, 'server.sqlite'));
    await migrate(server, migrations);
    const serverTables = await tableNames(server);
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
    expect(serverTables).toEqual(expect.arrayContaining([...HOSTED_ONLY_TABLES]));

    const d = await open();
    expect(await withDataFile(d, tableNames)).toEqual(
      [...serverTables.filter((t) => !HOSTED_ONLY_TABLES.includes(t)), 'desktop_settings'].sort(),
    );
  });

  it('made before the split keeps its rows and ends with the tables of a fresh file', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-before-split-'));
    const db = await Database.open(path.join(dataDir, DATA_FILE));
    // The file as the desktop left it at main 1ac08d1: every server step, then its own.
    await createOldSchema(db, 'sqlite');
    await db.exec(`CREATE TABLE desktop_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      INSERT INTO schema_migrations (id, name) VALUES (1000, 'desktop-settings');
      INSERT INTO users (id, username, email, password_hash) VALUES (1, 'local', 'local@localhost', '!');
      INSERT INTO crawl_jobs (id, user_id, url, status, page_cap, pages_crawled, created_at, created_ms, finished_at)
        VALUES ('kept', 1, 'https://kept.example/', 'completed', 100, 0, '2026-11-01T10:00:00.000Z',
                1761991200000, '2026-11-01T10:00:03.000Z');
      INSERT INTO desktop_settings (key, value) VALUES ('account.profile', 'linked');`);
    expect(await tableNames(db)).toEqual(expect.arrayContaining([...HOSTED_ONLY_TABLES]));
    await db.close();

    const d = await open({ dataDir });
    expect(await call(d, 'history.list')).toMatchObject([
      { id: 'kept', url: 'https://kept.example/', status: 'completed' },
    ]);
    expect(await d.deps.data.settings.get('account.profile')).toBe('linked');
    const fresh = await open();
    expect(await withDataFile(d, tableNames)).toEqual(await withDataFile(fresh, tableNames));
  });
});

describe('the data file of an earlier version', () => {
  /** A data folder holding an earlier version's file with one finished crawl and a setting. */
  async function earlierFolder(): Promise<string> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-earlier-'));
    const db = await openLegacyFile(path.join(dir, LEGACY_FILE));
    await writeLegacyCrawl(db, {
      id: 'earlier',
      url: 'https://old.example/',
      pageCap: 100,
      createdAt: '2026-10-01T10:00:00.000Z',
      pages: [makePage('https://old.example/', { title: 'Old home' })],
      end: {
        status: 'completed',
        finishedAt: '2026-10-01T10:00:04.000Z',
        error: null,
        summary: null,
      },
      pagesCrawled: 1,
    });
    await db.run("INSERT INTO settings (key, value) VALUES ('account.profile', 'linked')");
    await db.close();
    return dir;
  }

  it('is brought in once at start and kept aside, renamed', async () => {
    const dataDir = await earlierFolder();
    const first = await startTestDesktop({ dataDir });
    expect(await call(first, 'history.list')).toMatchObject([
      { id: 'earlier', url: 'https://old.example/', status: 'completed', completionTime: 4 },
    ]);
    expect(await first.deps.data.settings.get('account.profile')).toBe('linked');
    expect(fs.existsSync(path.join(dataDir, LEGACY_FILE))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, LEGACY_FILE + IMPORTED_SUFFIX))).toBe(true);
    await first.close();
    // Started again: nothing is imported twice.
    const again = await open({ dataDir });
    expect(await call<unknown[]>(again, 'history.list')).toHaveLength(1);
  });

  it('that cannot be read is left where it is, and the app starts without it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-earlier-'));
    fs.writeFileSync(path.join(dataDir, LEGACY_FILE), 'not a database, but not nothing either');
    const d = await open({ dataDir });
    expect(await call(d, 'history.list')).toEqual([]);
    expect(fs.readFileSync(path.join(dataDir, LEGACY_FILE), 'utf8')).toMatch(/^not a database/);
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
