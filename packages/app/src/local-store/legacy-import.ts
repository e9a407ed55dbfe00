import fs from 'node:fs';
import {
  type PageRecord,
  PLAN_LIMITS,
  REPORT_COLUMN_NAMES,
  reportColumns,
  urlKey,
} from '@mapsmith/core';
import type { Database, Transaction } from '@mapsmith/sqlite';

/** What was brought over. */
export interface LegacyImport {
  jobs: number;
  pages: number;
  settings: number;
}

/** The sentence a crawl the old app never finished ends with (the old store wrote the same). */
const INTERRUPTED = 'Interrupted: the app closed during the crawl';
/** Pages read from the old file at a time, so a large crawl never sits in memory whole. */
const PAGE_BATCH = 1000;
const NOTHING: LegacyImport = { jobs: 0, pages: 0, settings: 0 };

/** A `jobs` row of the old file; the columns later steps added may be missing from older files. */
interface OldJob {
  id: string;
  url: string;
  status: string;
  pages_crawled: number;
  page_cap: number;
  created_at: string;
  finished_at: string | null;
  error: string | null;
  summary: string | null;
  outcome?: string | null;
  settings?: string | null;
  changes?: string | null;
}

/** A `pages` row of the old file: the record, and the report columns once step 2 had run. */
type OldPage = Record<string, string | number | null> & {
  seq: number;
  url: string;
  title: string | null;
  included: number;
  record: string;
};

const INSERT_JOB = `INSERT INTO crawl_jobs (id, user_id, url, status, page_cap, month_quota,
    pages_crawled, error, summary, created_at, created_ms, started_at, started_ms, finished_at,
    duration_ms, settings, outcome, changes)
  VALUES (${Array.from({ length: 18 }, () => '?').join(', ')})`;

/** Rows per multi-row INSERT: few statements, well under SQLite's parameter limit. */
const PAGES_PER_INSERT = 50;
const INLINKS_PER_INSERT = 300;
const PAGE_ROW = `(${Array.from({ length: 8 + REPORT_COLUMN_NAMES.length }, () => '?').join(', ')})`;

/**
 * Imports an earlier version's data file (`mapsmith.sqlite`: tables jobs, pages, report_counts,
 * settings) into `db` (the app schema plus `desktop_settings`) for `userId`, in one transaction:
 * all of it or, on any error, nothing. A file without a `jobs` table was no desktop data file
 * and imports nothing; one that cannot be read throws an Error saying so (the caller keeps it).
 */
export async function importLegacyFile(
  db: Database,
  legacyFile: string,
  userId: number,
): Promise<LegacyImport> {
  // ATTACH creates a missing file: look first, and never leave an empty file behind.
  try {
    fs.accessSync(legacyFile, fs.constants.R_OK);
  } catch (err) {
    throw unreadable(legacyFile, err);
  }
  try {
    // ATTACH cannot run inside a transaction; the transaction then runs on the same connection.
    await db.run('ATTACH DATABASE ? AS legacy', [legacyFile]);
  } catch (err) {
    throw unreadable(legacyFile, err);
  }
  try {
    return await db.transaction((tx) => importAll(tx, userId));
  } catch (err) {
    throw unreadable(legacyFile, err);
  } finally {
    await db.run('DETACH DATABASE legacy').catch(() => undefined);
  }
}

function unreadable(file: string, err: unknown): Error {
  const why = err instanceof Error ? err.message : String(err);
  return new Error(`The data file of an earlier version could not be imported (${file}): ${why}`, {
    cause: err,
  });
}

/** Everything, on the transaction holding the attached file. */
async function importAll(tx: Transaction, userId: number): Promise<LegacyImport> {
  const tables = await tableNames(tx);
  if (!tables.has('jobs')) return NOTHING;
  const jobs = await tx.all<OldJob>('SELECT * FROM legacy.jobs ORDER BY rowid');
  const pageColumns = tables.has('pages') ? await columnsOf(tx, 'pages') : new Set<string>();
  let pages = 0;
  // Old rows sorted by rowid keep the history's order among crawls started at the same instant.
  for (const job of jobs) {
    await insertJob(tx, job, userId);
    if (tables.has('pages')) pages += await importPages(tx, job.id, pageColumns);
    // Counted from the rows brought over: the old `report_counts` held the same numbers (each
    // row was counted as it was written), and a row skipped as a repeated key is not counted.
    await tx.run(
      `INSERT INTO crawl_report_counts (job_id, reason, n)
         SELECT job_id, reason, COUNT(*) FROM crawl_pages WHERE job_id = ? GROUP BY job_id, reason`,
      [job.id],
    );
  }
  // The monthly meter as the old analytics counted it: each crawl's pages in its start month.
  // (`WHERE true`: SQLite needs it to read an upsert's ON CONFLICT after a SELECT.)
  await tx.run(
    `INSERT INTO usage_months (user_id, month, pages)
       SELECT ?, substr(created_at, 1, 7), SUM(pages_crawled) FROM legacy.jobs
        WHERE true GROUP BY substr(created_at, 1, 7)
     ON CONFLICT (user_id, month) DO UPDATE SET pages = usage_months.pages + excluded.pages`,
    [userId],
  );
  let settings = 0;
  if (tables.has('settings'))
    settings = (
      await tx.run(
        `INSERT INTO desktop_settings (key, value) SELECT key, value FROM legacy.settings WHERE true
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      )
    ).changes;
  return { jobs: jobs.length, pages, settings };
}

async function tableNames(tx: Transaction): Promise<Set<string>> {
  const rows = await tx.all<{ name: string }>(
    "SELECT name FROM legacy.sqlite_master WHERE type = 'table'",
  );
  return new Set(rows.map((r) => r.name));
}

async function columnsOf(tx: Transaction, table: string): Promise<Set<string>> {
  const rows = await tx.all<{ name: string }>(`PRAGMA legacy.table_info(${table})`);
  return new Set(rows.map((r) => r.name));
}

function ms(iso: string | null): number | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isFinite(t) ? t : null;
}

/**
 * One job. The old history's completion time was `finished_at - created_at` for completed
 * crawls only; the app's is `finished_at - started_at`, so a completed crawl started when it
 * was created, and a failed one has no start (no completion time, as before). A crawl the old
 * app left running is failed with the sentence its store used. The old app capped a free
 * user's crawl at the free plan's page cap and nothing else did: those crawls carry the free
 * monthly quota, as the app's own free crawls do.
 */
async function insertJob(tx: Transaction, job: OldJob, userId: number): Promise<void> {
  const running = job.status === 'pending' || job.status === 'crawling';
  const status = running ? 'failed' : job.status;
  const created = ms(job.created_at) ?? 0;
  const finished = ms(job.finished_at);
  const completed = status === 'completed' && finished !== null;
  const freeCap = PLAN_LIMITS.free.pagesPerCrawl ?? 0;
  await tx.run(INSERT_JOB, [
    job.id,
    userId,
    job.url,
    status,
    job.page_cap,
    job.page_cap <= freeCap ? PLAN_LIMITS.free.pagesPerMonth : null,
    job.pages_crawled,
    running ? INTERRUPTED : job.error,
    job.summary,
    job.created_at,
    created,
    completed ? job.created_at : null,
    completed ? created : null,
    job.finished_at,
    completed ? finished - created : null,
    job.settings ?? null,
    job.outcome ?? null,
    job.changes ?? null,
  ]);
}

/**
 * A job's pages in crawl order, each under the key the crawler saves it by (core `urlKey` of
 * its URL, as `dropImages` computes it), with its report and change columns as the old
 * file kept them (from the record, for a file older than the report), its inlink count, and its
 * linking pages as `crawl_inlinks` rows (the app reads a URL's linking pages from there).
 */
async function importPages(tx: Transaction, jobId: string, columns: Set<string>): Promise<number> {
  const hasReport = REPORT_COLUMN_NAMES.every((name) => columns.has(name));
  let imported = 0;
  let after = -1;
  for (;;) {
    const rows = await tx.all<OldPage>(
      'SELECT * FROM legacy.pages WHERE job_id = ? AND seq > ? ORDER BY seq LIMIT ?',
      [jobId, after, PAGE_BATCH],
    );
    for (let i = 0; i < rows.length; i += PAGES_PER_INSERT)
      imported += await insertPages(tx, jobId, rows.slice(i, i + PAGES_PER_INSERT), hasReport);
    const last = rows.at(-1);
    if (!last || rows.length < PAGE_BATCH) return imported;
    after = last.seq;
  }
}

/** One multi-row INSERT of `rows` (in order, so in crawl order), then their linking pages. */
async function insertPages(
  tx: Transaction,
  jobId: string,
  rows: OldPage[],
  hasReport: boolean,
): Promise<number> {
  const linkedFrom = new Map<string, string[]>();
  const values = rows.flatMap((row) => {
    const record = JSON.parse(row.record) as PageRecord;
    const key = urlKey(record.url) ?? record.url;
    // A key met twice keeps its first row (ON CONFLICT below), and that row's linking pages.
    if (!linkedFrom.has(key))
      linkedFrom.set(key, Array.isArray(record.linkedFrom) ? record.linkedFrom : []);
    const computed = hasReport ? null : reportColumns(record);
    return [
      jobId,
      key,
      row.url,
      row.title,
      row.included,
      row.record,
      typeof row.inlinks === 'number' ? row.inlinks : (record.inlinks ?? 0),
      row.change ?? null,
      ...REPORT_COLUMN_NAMES.map((name) => (computed ? computed[name] : row[name]) ?? null),
    ];
  });
  const inserted = await tx.all<{ key: string }>(
    `INSERT INTO crawl_pages (job_id, key, url, title, included, record, inlinks, change,
       ${REPORT_COLUMN_NAMES.join(', ')})
     VALUES ${rows.map(() => PAGE_ROW).join(', ')}
     ON CONFLICT (job_id, key) DO NOTHING RETURNING key`,
    values,
  );
  const links = inserted.flatMap(({ key }) =>
    (linkedFrom.get(key) ?? []).map((from) => [jobId, key, from]),
  );
  for (let i = 0; i < links.length; i += INLINKS_PER_INSERT) {
    const batch = links.slice(i, i + INLINKS_PER_INSERT);
    await tx.run(
      `INSERT INTO crawl_inlinks (job_id, key, from_url)
       VALUES ${batch.map(() => '(?, ?, ?)').join(', ')}
       ON CONFLICT (job_id, key, from_url) DO NOTHING`,
      batch.flat(),
    );
  }
  return inserted.length;
}
