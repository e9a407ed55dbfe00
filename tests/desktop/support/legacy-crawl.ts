/**
 * One real crawl, kept both ways for the legacy import's test: what the old desktop stored
 * (the `page` events' records and the link graph its crawler process posted at the end) and
 * every store call, to store the same crawl again natively through the app's SQL store.
 */
import path from 'node:path';
import {
  CrawlAnswers,
  migrations,
  SqlCrawlJobRepository,
  SqlJobQueue,
  SqlUsageRepository,
} from '@mapsmith/app';
import {
  type CrawledPage,
  type CrawlStore,
  type CrawlSummary,
  createCrawler,
  createHttpFetcher,
  createMemoryStore,
  createUrlPolicy,
  type InlinkObservation,
  reportColumns,
} from '@mapsmith/core';
import { Database, migrate } from '@mapsmith/sqlite';
import type { LegacyLinks } from './legacy-schema';

/** A page save or an inlink observation, as the crawler made it. */
export type StoreCall = { key: string; page: CrawledPage } | { links: InlinkObservation[] };

/** What one crawl left. */
export interface RecordedCrawl {
  /** Every save and inlink observation, in order. */
  calls: StoreCall[];
  /** The records of the `page` events, in order (what the old app stored). */
  events: CrawledPage[];
  /** The old crawler process's `postLinks`: each recorded URL with inlinks. */
  links: LegacyLinks[];
  summary: CrawlSummary;
}

/** The app's schema in a desktop file, with its one local user and the answers over it. */
export interface LocalApp {
  db: Database;
  userId: number;
  answers: CrawlAnswers;
}

/** The desktop's own step after the app's (the lead's migration 1000). */
const DESKTOP_SETTINGS = {
  id: 1000,
  name: 'desktop-settings',
  up: 'CREATE TABLE desktop_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);',
};

/** Opens a fresh app file in `dir`; the answers read with the clock at `now`. */
export async function openAppFile(dir: string, name: string, now: number): Promise<LocalApp> {
  const db = await Database.open(path.join(dir, name));
  await migrate(db, [...migrations, DESKTOP_SETTINGS]);
  const user = await db.transaction((tx) =>
    tx.first<{ id: number }>(
      "INSERT INTO users (username, email, password_hash) VALUES ('local', 'local@desktop.invalid', '') RETURNING id",
    ),
  );
  const jobs = new SqlCrawlJobRepository(db, { now: () => now });
  return {
    db,
    userId: user?.id ?? 0,
    answers: new CrawlAnswers({ jobs, usage: new SqlUsageRepository(db) }),
  };
}

/** A store that passes everything to `inner` and logs what a store keeps into `calls`. */
function recording(inner: CrawlStore, calls: StoreCall[]): CrawlStore {
  return {
    enqueue: (entries) => inner.enqueue(entries),
    take: (limit) => inner.take(limit),
    requeueLeased: () => inner.requeueLeased(),
    counts: () => inner.counts(),
    addInlinks: (observed) => {
      calls.push({ links: structuredClone(observed) });
      return inner.addInlinks(observed);
    },
    savePage: (key, page) => {
      calls.push({ key, page: structuredClone(page) });
      return inner.savePage(key, page);
    },
    pages: () => inner.pages(),
    listed: () => inner.listed(),
  };
}

/** Crawls `startUrl` (loopback allowed) with the core crawler and a memory store, as the old crawler process did. */
export async function crawlRecorded(startUrl: string): Promise<RecordedCrawl> {
  const policy = createUrlPolicy({ allowLoopback: true });
  const fetcher = createHttpFetcher({ policy });
  const memory = createMemoryStore();
  const calls: StoreCall[] = [];
  const events: CrawledPage[] = [];
  const crawler = createCrawler({
    policy,
    fetcher,
    store: recording(memory, calls),
    tuning: { retryBaseMs: 20 },
  });
  let summary: CrawlSummary | undefined;
  try {
    for await (const event of crawler.crawl({ startUrl, maxPages: 100, render: 'never' })) {
      if (event.type === 'page') events.push(structuredClone(event.page));
      if (event.type === 'done') summary = event.summary;
    }
  } finally {
    await fetcher.close();
  }
  if (!summary) throw new Error('the crawl ended without a summary');
  const links: LegacyLinks[] = [];
  for await (const page of memory.pages())
    if (page.inlinks > 0)
      links.push({ url: page.url, inlinks: page.inlinks, linkedFrom: page.linkedFrom });
  return { calls, events, links, summary };
}

/** One crawl to store natively: when it started, its store calls, and how it ended. */
export interface NativeRun {
  at: number;
  calls: readonly StoreCall[];
  end: { completedAfterMs: number; summary: CrawlSummary } | { failed: string };
}

/**
 * Stores `runs` of `url` for the app's user as the app does: started on the free plan, claimed,
 * every call through the SQL store, the link counts settled, then completed (and compared with the previous crawl) or
 * failed, each at its own time. Answers the new job ids in order.
 */
export async function storeNatively(
  app: LocalApp,
  url: string,
  runs: readonly NativeRun[],
): Promise<string[]> {
  let now = 0;
  const clock = { now: () => now };
  const jobs = new SqlCrawlJobRepository(app.db, clock);
  const queue = new SqlJobQueue(app.db, clock);
  const ids: string[] = [];
  for (const run of runs) {
    now = run.at;
    const input = { userId: app.userId, plan: 'free' as const, url, engineeringCap: 100_000 };
    const started = await jobs.start(input);
    if (!started.ok) throw new Error(`refused: ${started.reason}`);
    const claimed = await queue.claim('test', 60_000, 3);
    if (!claimed) throw new Error('nothing to claim');
    const id = started.job.id;
    const store = jobs.store(id, claimed.claimToken);
    for (const call of run.calls)
      await ('links' in call ? store.addInlinks(call.links) : store.savePage(call.key, call.page));
    // The run is over: its URL table gets the final link counts (as `CrawlTask` does).
    await jobs.settleLinks(id);
    if ('failed' in run.end) await queue.fail(id, claimed.claimToken, run.end.failed);
    else {
      now = run.at + run.end.completedAfterMs;
      await queue.complete(id, claimed.claimToken, run.end.summary);
      const job = await jobs.get(id, app.userId);
      if (job) await jobs.compareWithPrevious(job);
    }
    ids.push(id);
  }
  return ids;
}

/** Row counts of every table the import writes. */
export async function rowCounts(db: Database): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const tables = ['crawl_jobs', 'crawl_pages', 'crawl_inlinks', 'crawl_report_counts'];
  for (const table of [...tables, 'usage_months', 'desktop_settings']) {
    const row = await db.first<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`);
    out[table] = row?.n ?? 0;
  }
  return out;
}

/** The first records of `events` up to the one that makes `pages` pages (core `countsAsPage`). */
export function recordsUpTo(events: readonly CrawledPage[], pages: number): CrawledPage[] {
  const out: CrawledPage[] = [];
  let counted = 0;
  for (const page of events) {
    if (counted === pages) break;
    out.push(page);
    if (reportColumns(page).is_page === 1) counted++;
  }
  return out;
}
