import { randomBytes } from 'node:crypto';
import { type CrawlSettings, makePage, type PageRecord, type SqlDatabase } from '@mapsmith/core';
import type { CrawlJobRepository, JobQueue } from '../crawl/ports.js';

/** The crawl repositories a crawl in a test goes through. */
interface CrawlRepositories {
  jobs: CrawlJobRepository;
  queue: JobQueue;
}

/**
 * Test support for the crawl repositories' contract suites (not used by either shell at run time): users and
 * pages written through the SQL port, so the same suite runs on SQLite and on Postgres.
 */

/** Inserts a user (Pro for 30 days with `pro`) and returns its id. */
export async function insertUser(db: SqlDatabase, pro = false): Promise<number> {
  const name = `user${randomBytes(6).toString('hex')}`;
  const proUntil = pro ? new Date(Date.now() + 30 * 86_400_000).toISOString() : null;
  // In a transaction: SQLite's `first` outside one reads on its read-only connection.
  const row = await db.transaction((tx) =>
    tx.first<{ id: number }>(
      `INSERT INTO users (username, email, password_hash, email_confirmed_at, pro_until)
       VALUES (?, ?, 'not-a-real-hash', ?, ?) RETURNING id`,
      [name, `${name}@example.test`, new Date().toISOString(), proUntil],
    ),
  );
  if (!row) throw new Error('no user id returned');
  return row.id;
}

/** Starts a crawl of `url` for `userId` and returns the job (throws when refused). */
export async function startJob(
  repos: Pick<CrawlRepositories, 'jobs'>,
  userId: number,
  plan: 'free' | 'pro' = 'free',
  url = 'https://example.com/',
  settings?: CrawlSettings,
) {
  const started = await repos.jobs.start({
    userId,
    plan,
    url,
    engineeringCap: 1000,
    ...(settings && { settings }),
  });
  if (!started.ok) throw new Error(`start refused: ${started.reason}`);
  return started.job;
}

/** An included 200 page (it counts as a page and is charged). */
export function htmlPage(url: string, title = `Title of ${url}`): PageRecord {
  return makePage(url, {
    status: 200,
    bytes: 100,
    responseTimeMs: 5,
    inlinks: 0,
    title,
    canonical: null,
    verdict: { included: true },
  });
}

/** A crawl summary that finished normally, for completing jobs in tests. */
export const finishedSummary = {
  startUrl: 'https://example.com/',
  pagesCrawled: 0,
  included: 0,
  excluded: {},
  renderedPages: 0,
  endedBy: 'finished' as const,
  pruned: {},
  durationMs: 1,
  error: null,
};

/**
 * Runs a whole crawl through the ports as a worker does: start, claim, store `pages` with the
 * claim's token (key = URL), complete. Returns the completed job.
 */
export async function crawlThrough(
  repos: CrawlRepositories,
  userId: number,
  url: string,
  pages: PageRecord[],
  plan: 'free' | 'pro' = 'pro',
  settings?: CrawlSettings,
) {
  const job = await startJob(repos, userId, plan, url, settings);
  const claimed = await repos.queue.claim('test-worker', 60_000, 3);
  if (claimed?.job.id !== job.id) throw new Error('another job was claimed');
  const store = repos.jobs.store(job.id, claimed.claimToken);
  for (const page of pages) await store.savePage(page.url, page);
  const done = await repos.jobs.get(job.id, userId);
  if (!done) throw new Error('job gone');
  await repos.jobs.compareWithPrevious(done);
  await repos.queue.complete(job.id, claimed.claimToken, finishedSummary);
  return done;
}

/**
 * Titles a report's CSV and JSON Lines must carry exactly: separators, quotes, line breaks,
 * control characters, non-Latin text, none and empty.
 */
export const AWKWARD_TITLES: readonly (string | null)[] = [
  'Plain',
  'Comma, in the middle',
  'A "quoted" word',
  'Two\nlines',
  'Carriage\rreturn',
  'Unicode: é, 漢字, 😀',
  'Control \u0001 char and tab\t',
  null,
  '',
];

/** A report file's text, its chunks joined (bytes decoded as UTF-8 across chunk ends). */
export async function textOf(chunks: AsyncIterable<string | Uint8Array>): Promise<string> {
  let out = '';
  const decoder = new TextDecoder();
  for await (const chunk of chunks)
    out += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return out + decoder.decode();
}
