/**
 * The desktop's data file as versions before the application layer wrote it (`mapsmith.sqlite`:
 * jobs, pages, report_counts, settings), kept here so the legacy import's test stands alone
 * once that store has left the app: its schema steps and the writes of its `LocalStore`
 * (`createJob`, `addPages` through `insertPage`, `setLinks`, `finishJob` with `compareLocal`).
 */
import {
  type CrawledPage,
  type CrawlSummary,
  changeSchemaSql,
  compareCrawls,
  LINKED_FROM_KEPT,
  type PageRecord,
  REPORT_COLUMN_NAMES,
  reportColumns,
  reportSchemaSql,
  startUrlVariants,
} from '@mapsmith/core';
import { Database, type Migration, migrate } from '@mapsmith/sqlite';

/** The old store's schema steps, as they landed. */
export const LEGACY_MIGRATIONS: readonly Migration[] = [
  {
    id: 1,
    name: 'initial',
    up: `CREATE TABLE jobs (
     id TEXT PRIMARY KEY,
     url TEXT NOT NULL,
     status TEXT NOT NULL,
     pages_crawled INTEGER NOT NULL DEFAULT 0,
     page_cap INTEGER NOT NULL DEFAULT 0,
     created_at TEXT NOT NULL,
     finished_at TEXT,
     error TEXT,
     summary TEXT
   );
   CREATE INDEX jobs_created ON jobs (created_at);
   CREATE TABLE pages (
     job_id TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
     seq INTEGER NOT NULL,
     url TEXT NOT NULL,
     title TEXT,
     included INTEGER NOT NULL,
     record TEXT NOT NULL,
     PRIMARY KEY (job_id, seq)
   );
   CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  },
  {
    id: 2,
    name: 'crawl-report',
    up: reportSchemaSql({
      pages: 'pages',
      counts: 'report_counts',
      jobs: 'jobs',
      inlinksSql: "IFNULL(json_extract(record, '$.inlinks'), 0)",
    }),
  },
  { id: 3, name: 'crawl-settings', up: 'ALTER TABLE jobs ADD COLUMN settings TEXT;' },
  { id: 4, name: 'change-report', up: changeSchemaSql({ pages: 'pages', jobs: 'jobs' }) },
];

/** What the old crawler process sent for each recorded URL with inlinks, once the crawl ended. */
export interface LegacyLinks {
  url: string;
  inlinks: number;
  linkedFrom: string[];
}

/** One crawl as the old app recorded it. */
export interface LegacyCrawl {
  id: string;
  url: string;
  pageCap: number;
  createdAt: string;
  /** The records of the crawl's `page` events, in the order they came. */
  pages: readonly CrawledPage[];
  /** The link graph (`postLinks`); none for a crawl that never ended. */
  links?: readonly LegacyLinks[];
  /** How it ended; absent for a crawl still running when the app closed. */
  end?: {
    status: 'completed' | 'failed';
    finishedAt: string;
    error: string | null;
    summary: CrawlSummary | null;
  };
  /** The running count the progress events wrote (a crawl that never ended keeps it). */
  pagesCrawled: number;
  settings?: unknown;
}

/** Creates an old data file at `file` with the old schema's first `steps` steps (all of them). */
export async function openLegacyFile(
  file: string,
  steps = LEGACY_MIGRATIONS.length,
): Promise<Database> {
  const db = await Database.open(file);
  await migrate(db, LEGACY_MIGRATIONS.slice(0, steps));
  return db;
}

const INSERT_PAGE = `INSERT INTO pages (job_id, seq, url, title, included, record, inlinks, ${REPORT_COLUMN_NAMES.join(', ')})
  VALUES (?, ?, ?, ?, ?, ?, ?, ${REPORT_COLUMN_NAMES.map(() => '?').join(', ')})`;

/** Writes one crawl the way the old `LocalStore` and `crawl-runner` did, step by step. */
export async function writeLegacyCrawl(db: Database, crawl: LegacyCrawl): Promise<void> {
  await db.run(
    "INSERT INTO jobs (id, url, status, created_at, page_cap, settings) VALUES (?, ?, 'pending', ?, ?, ?)",
    [
      crawl.id,
      crawl.url,
      crawl.createdAt,
      crawl.pageCap,
      crawl.settings ? JSON.stringify(crawl.settings) : null,
    ],
  );
  await db.run(
    "UPDATE jobs SET status = 'crawling', pages_crawled = ?, progress = ? WHERE id = ?",
    [crawl.pagesCrawled, JSON.stringify({ pagesFound: crawl.pages.length }), crawl.id],
  );
  // `addPages` then `insertPage`: each record with an empty link graph, its report columns, counted.
  await db.transaction(async (tx) => {
    let seq = 0;
    for (const crawled of crawl.pages) {
      const page: PageRecord = { ...crawled, inlinks: 0, linkedFrom: [] };
      const columns = reportColumns(crawled);
      await tx.run(INSERT_PAGE, [
        crawl.id,
        seq++,
        page.url,
        page.title,
        page.verdict.included ? 1 : 0,
        JSON.stringify(page),
        page.inlinks,
        ...REPORT_COLUMN_NAMES.map((name) => columns[name]),
      ]);
      await tx.run(
        `INSERT INTO report_counts (job_id, reason, n) VALUES (?, ?, 1)
         ON CONFLICT (job_id, reason) DO UPDATE SET n = n + 1`,
        [crawl.id, columns.reason],
      );
    }
  });
  // `setLinks`: the link graph written into the rows and their records.
  await db.transaction(async (tx) => {
    for (const link of crawl.links ?? [])
      await tx.run(
        `UPDATE pages SET inlinks = ?,
           record = json_set(record, '$.inlinks', ?, '$.linkedFrom', json(?))
         WHERE job_id = ? AND url = ?`,
        [
          link.inlinks,
          link.inlinks,
          JSON.stringify(link.linkedFrom.slice(0, LINKED_FROM_KEPT)),
          crawl.id,
          link.url,
        ],
      );
  });
  const end = crawl.end;
  if (!end) return;
  await db.run(
    'UPDATE jobs SET status = ?, pages_crawled = ?, error = ?, summary = ?, finished_at = ?, progress = NULL WHERE id = ?',
    [
      end.status,
      crawl.pagesCrawled,
      end.error,
      end.summary ? JSON.stringify(end.summary) : null,
      end.finishedAt,
      crawl.id,
    ],
  );
  if (end.status === 'completed') await compareLocal(db, crawl.id);
}

/** The old `compareLocal`: the change report against the previous completed crawl of the site. */
async function compareLocal(db: Database, jobId: string): Promise<void> {
  const job = await db.first<{ url: string; created_at: string }>(
    'SELECT url, created_at FROM jobs WHERE id = ?',
    [jobId],
  );
  if (!job) return;
  const urls = startUrlVariants(job.url);
  const previous = await db.first<{ id: string; created_at: string }>(
    `SELECT id, created_at FROM jobs
      WHERE url IN (${urls.map(() => '?').join(', ')}) AND status = 'completed' AND id <> ?
        AND created_at <= ?
      ORDER BY created_at DESC, rowid DESC LIMIT 1`,
    [...urls, jobId, job.created_at],
  );
  if (!previous) return;
  await compareCrawls(
    db,
    { pages: 'pages', jobs: 'jobs' },
    {
      jobId,
      previousJobId: previous.id,
      previousAt: previous.created_at,
      crawlTime: job.created_at,
      settingsChanged: [],
    },
  );
}

/**
 * Writes one ended crawl the way the first version did (schema step 1 only): the records with
 * their link graph merged in, no report columns, no counts, no outcome.
 */
export async function writeFirstVersionCrawl(file: string, crawl: LegacyCrawl): Promise<void> {
  const db = await openLegacyFile(file, 1);
  await db.run(
    'INSERT INTO jobs (id, url, status, pages_crawled, page_cap, created_at, finished_at, error, summary) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    [
      crawl.id,
      crawl.url,
      crawl.end?.status ?? 'crawling',
      crawl.pagesCrawled,
      crawl.pageCap,
      crawl.createdAt,
      crawl.end?.finishedAt ?? null,
      crawl.end?.error ?? null,
      crawl.end?.summary ? JSON.stringify(crawl.end.summary) : null,
    ],
  );
  const graph = new Map((crawl.links ?? []).map((l) => [l.url, l]));
  for (const [seq, page] of crawl.pages.entries()) {
    const link = graph.get(page.url);
    const record = { ...page, inlinks: link?.inlinks ?? 0, linkedFrom: link?.linkedFrom ?? [] };
    await db.run(
      'INSERT INTO pages (job_id, seq, url, title, included, record) VALUES (?, ?, ?, ?, ?, ?)',
      [crawl.id, seq, page.url, page.title, page.verdict.included ? 1 : 0, JSON.stringify(record)],
    );
  }
  await db.close();
}
