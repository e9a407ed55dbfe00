import {
  type Analytics,
  type CrawlChanges,
  type CrawledPage,
  type CrawlJob,
  type CrawlLiveProgress,
  type CrawlOutcome,
  CrawlReport,
  type CrawlSettings,
  type CrawlStatus,
  type CrawlSummary,
  type CrawlTotals,
  type HistoryItem,
  isDefaultCrawlSettings,
  MAX_POLL_RESULTS,
  type PageRecord,
  presentAnalytics,
} from '@mapsmith/core';
import { Database } from '@mapsmith/sqlite';
import type { LinkCounts } from '../crawl/messages';
import { compareLocal, localChanges } from './changes';
import { migrate } from './migrations';
import { insertPage, setLinks } from './report-rows';

interface JobRow {
  id: string;
  url: string;
  status: CrawlStatus;
  pages_crawled: number;
  created_at: string;
  finished_at: string | null;
  error: string | null;
  /** The crawl summary as JSON, once the job has ended. */
  summary: string | null;
  /** Live progress as JSON while it runs. */
  progress: string | null;
  /** The outcome as JSON once computed. */
  outcome: string | null;
  /** The crawl settings as JSON; null for the defaults. */
  settings: string | null;
}

/** How a crawl ended, as the store records it. */
export interface JobOutcome {
  status: 'completed' | 'failed';
  pagesCrawled: number;
  error: string | null;
  summary: CrawlSummary | null;
  finishedAt: string;
}

function seconds(row: JobRow): number | undefined {
  if (!row.finished_at) return undefined;
  return Math.round((Date.parse(row.finished_at) - Date.parse(row.created_at)) / 100) / 10;
}

/**
 * The desktop's local data in one SQLite file under the user-data folder: crawl jobs (the
 * history), each job's page records (the results) and a few settings. Analytics are computed
 * from the jobs, so they can never disagree with the history.
 */
export class LocalStore {
  /** The crawl report over this file's tables (core `CrawlReport`, as the hosted app reads it). */
  readonly report: CrawlReport;

  private constructor(private readonly db: Database) {
    this.report = new CrawlReport(db, { pages: 'pages', counts: 'report_counts' });
  }

  /** Opens the file, migrates it, and marks crawls a previous run left unfinished as failed. */
  static async open(file: string): Promise<LocalStore> {
    const db = await Database.open(file);
    await migrate(db);
    await db.run(
      "UPDATE jobs SET status = 'failed', error = 'Interrupted: the app closed during the crawl' WHERE status IN ('pending', 'crawling')",
    );
    return new LocalStore(db);
  }

  /** Records a new pending job. */
  async createJob(job: {
    id: string;
    url: string;
    createdAt: string;
    pageCap: number;
    /** The crawl settings (linked Pro only), kept for the job page. */
    settings?: CrawlSettings;
  }): Promise<void> {
    await this.db.run(
      "INSERT INTO jobs (id, url, status, created_at, page_cap, settings) VALUES (?, ?, 'pending', ?, ?, ?)",
      [
        job.id,
        job.url,
        job.createdAt,
        job.pageCap,
        isDefaultCrawlSettings(job.settings) ? null : JSON.stringify(job.settings),
      ],
    );
  }

  /** Marks a job as crawling and stores its count so far and its live progress. */
  async updateProgress(
    id: string,
    pagesCrawled: number,
    progress: CrawlLiveProgress | null = null,
  ): Promise<void> {
    await this.db.run(
      "UPDATE jobs SET status = 'crawling', pages_crawled = ?, progress = ? WHERE id = ? AND status IN ('pending', 'crawling')",
      [pagesCrawled, progress ? JSON.stringify(progress) : null, id],
    );
  }

  /** Appends crawled pages to a job's results, in crawl order (links come with `setLinks`). */
  async addPages(id: string, pages: readonly CrawledPage[]): Promise<void> {
    if (pages.length === 0) return;
    await this.db.transaction(async (tx) => {
      const row = await tx.first<{ n: number }>(
        'SELECT COALESCE(MAX(seq), -1) + 1 AS n FROM pages WHERE job_id = ?',
        [id],
      );
      let seq = row?.n ?? 0;
      for (const page of pages) await insertPage(tx, id, seq++, page);
    });
  }

  /** Writes the link graph of a job's URLs, known once its crawl has ended. */
  setLinks(id: string, links: readonly LinkCounts[]): Promise<void> {
    return setLinks(this.db, id, links);
  }

  /** Records how a job ended. A job that already ended is left as it was. */
  async finishJob(id: string, outcome: JobOutcome): Promise<void> {
    await this.db.run(
      "UPDATE jobs SET status = ?, pages_crawled = ?, error = ?, summary = ?, finished_at = ?, progress = NULL WHERE id = ? AND status IN ('pending', 'crawling')",
      [
        outcome.status,
        outcome.pagesCrawled,
        outcome.error,
        outcome.summary ? JSON.stringify(outcome.summary) : null,
        outcome.finishedAt,
        id,
      ],
    );
    if (outcome.status === 'completed') await compareLocal(this.db, id);
  }

  /** The change report of a job since the previous crawl of its site (issue 13). */
  changes(id: string): Promise<CrawlChanges> {
    return localChanges(this.db, id);
  }

  /**
   * The job as `crawl.get` answers it, bounded like the hosted answer: the first
   * `MAX_POLL_RESULTS` listed pages and their total, live progress while it runs, and the
   * outcome kept once computed (the handler adds it when missing). Null for an unknown id.
   */
  async getJob(id: string): Promise<CrawlJob | null> {
    const row = await this.db.first<JobRow>('SELECT * FROM jobs WHERE id = ?', [id]);
    if (!row) return null;
    const listed = await this.report.firstListed(id, MAX_POLL_RESULTS);
    const notes = row.summary ? (JSON.parse(row.summary) as CrawlSummary).notes : undefined;
    const running = row.status === 'pending' || row.status === 'crawling';
    return {
      jobId: row.id,
      status: row.status,
      pagesCrawled: row.pages_crawled,
      createdAt: row.created_at,
      error: row.error,
      results: listed.results,
      resultsTotal: listed.total,
      url: row.url,
      finishedAt: row.finished_at,
      ...(notes?.length ? { notes } : {}),
      progress: running && row.progress ? (JSON.parse(row.progress) as CrawlLiveProgress) : null,
      outcome: row.outcome ? (JSON.parse(row.outcome) as CrawlOutcome) : null,
      settings: row.settings ? (JSON.parse(row.settings) as CrawlSettings) : null,
    };
  }

  /** The page cap a job started with (for its outcome's cap sentence). */
  async pageCap(id: string): Promise<number> {
    const row = await this.db.first<{ page_cap: number }>(
      'SELECT page_cap FROM jobs WHERE id = ?',
      [id],
    );
    return row?.page_cap ?? 0;
  }

  /** Keeps an ended job's outcome so it is computed once. */
  async saveOutcome(id: string, outcome: CrawlOutcome): Promise<void> {
    await this.db.run('UPDATE jobs SET outcome = ? WHERE id = ?', [JSON.stringify(outcome), id]);
  }

  /** Every page record of a job, in crawl order (exporters and the SEO analysis read these). */
  async pages(id: string): Promise<PageRecord[]> {
    const rows = await this.db.all<{ record: string }>(
      'SELECT record FROM pages WHERE job_id = ? ORDER BY seq',
      [id],
    );
    return rows.map((r) => JSON.parse(r.record) as PageRecord);
  }

  /** A job's page records in crawl order, read in batches so big crawls never sit in memory whole. */
  async *iteratePages(id: string, batch = 1000): AsyncGenerator<PageRecord> {
    let after = -1;
    for (;;) {
      const rows = await this.db.all<{ seq: number; record: string }>(
        'SELECT seq, record FROM pages WHERE job_id = ? AND seq > ? ORDER BY seq LIMIT ?',
        [id, after, batch],
      );
      for (const row of rows) yield JSON.parse(row.record) as PageRecord;
      if (rows.length < batch) return;
      after = rows[rows.length - 1]?.seq ?? after;
    }
  }

  /** The stored crawl summary of a finished job, or null. */
  async summary(id: string): Promise<CrawlSummary | null> {
    const row = await this.db.first<{ summary: string | null }>(
      'SELECT summary FROM jobs WHERE id = ?',
      [id],
    );
    return row?.summary ? (JSON.parse(row.summary) as CrawlSummary) : null;
  }

  /** The history, newest first. */
  async history(): Promise<HistoryItem[]> {
    // The outcome is kept on a job's first read; before it, the listed rows are counted.
    const rows = await this.db.all<JobRow & { listed: number; nothing_listed: string | null }>(
      `SELECT *, COALESCE(json_extract(outcome, '$.listed'),
                (SELECT n FROM report_counts c WHERE c.job_id = jobs.id AND c.reason = 'listed'),
                0) AS listed,
              json_extract(outcome, '$.nothingListed') AS nothing_listed
         FROM jobs ORDER BY created_at DESC, rowid DESC`,
    );
    return rows.map((row) => {
      const item: HistoryItem = {
        id: row.id,
        url: row.url,
        status: row.status,
        pagesCrawled: row.pages_crawled,
        createdAt: row.created_at,
      };
      const took = row.status === 'completed' ? seconds(row) : undefined;
      if (took !== undefined) item.completionTime = took;
      if (row.status === 'completed') {
        item.listed = row.listed;
        item.nothingListed = row.nothing_listed;
      }
      return item;
    });
  }

  /** Pages still reserved by unfinished crawls: each one's cap minus the pages it has so far. */
  async reservedPages(): Promise<number> {
    const row = await this.db.first<{ n: number }>(
      "SELECT COALESCE(SUM(MAX(page_cap - pages_crawled, 0)), 0) AS n FROM jobs WHERE status IN ('pending', 'crawling')",
    );
    return row?.n ?? 0;
  }

  /** The oldest start at or after `since` (ISO), or null: when the hourly window frees a slot. */
  async oldestStartSince(since: string): Promise<string | null> {
    const row = await this.db.first<{ t: string | null }>(
      'SELECT MIN(created_at) AS t FROM jobs WHERE created_at >= ?',
      [since],
    );
    return row?.t ?? null;
  }

  /** Crawls started at or after `since` (ISO), for the hourly limit. */
  async crawlsSince(since: string): Promise<number> {
    const row = await this.db.first<{ n: number }>(
      'SELECT COUNT(*) AS n FROM jobs WHERE created_at >= ?',
      [since],
    );
    return row?.n ?? 0;
  }

  /**
   * Dashboard analytics through core `presentAnalytics`, the hosted app's arithmetic, from
   * totals counted over the local history; `monthlyLimit` is the plan's quota (null: no meter).
   */
  async analytics(now: Date, monthlyLimit: number | null): Promise<Analytics> {
    const totals = await this.db.first<CrawlTotals>(
      `SELECT COUNT(*) AS totalCrawls, COALESCE(SUM(pages_crawled), 0) AS totalPages,
              COALESCE(SUM(status = 'completed'), 0) AS completed,
              COALESCE(SUM(status = 'failed'), 0) AS failed,
              COALESCE(AVG(CASE WHEN status = 'completed' AND finished_at IS NOT NULL
                THEN (julianday(finished_at) - julianday(created_at)) * 86400000 END), 0)
                AS avgDurationMs
         FROM jobs`,
    );
    const usage = await this.db.all<{ month: string; pages: number }>(
      `SELECT substr(created_at, 1, 7) AS month, SUM(pages_crawled) AS pages
         FROM jobs GROUP BY month`,
    );
    const none = { totalCrawls: 0, totalPages: 0, completed: 0, failed: 0, avgDurationMs: 0 };
    return presentAnalytics(totals ?? none, usage, monthlyLimit, now.getTime());
  }

  /** A stored setting, or null. */
  async getSetting(key: string): Promise<string | null> {
    const row = await this.db.first<{ value: string }>('SELECT value FROM settings WHERE key = ?', [
      key,
    ]);
    return row?.value ?? null;
  }

  /** Stores (or with null, removes) a setting. */
  async setSetting(key: string, value: string | null): Promise<void> {
    if (value === null) await this.db.run('DELETE FROM settings WHERE key = ?', [key]);
    else
      await this.db.run(
        'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
        [key, value],
      );
  }

  /** Closes the file. */
  close(): Promise<void> {
    return this.db.close();
  }
}
