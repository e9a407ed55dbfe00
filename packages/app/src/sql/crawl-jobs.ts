import {
  type ChangeSummary,
  type Clock,
  type CrawlChanges,
  type CrawlLiveProgress,
  type CrawlOutcome,
  CrawlReport,
  type CrawlSummary,
  type CrawlTotals,
  type Plan,
  type RateInfo,
  type ResultItem,
  type SeoAnalysis,
  type SqlDatabase,
} from '@mapsmith/core';
import type {
  CrawlJobDetails,
  CrawlJobRecord,
  CrawlJobRepository,
  HistoryJobRecord,
  HistoryPage,
  HistoryQuery,
  JobCrawlStore,
  StartCrawlInput,
  StartCrawlResult,
  StoreLimit,
} from '../crawl/ports.js';
import { NO_SECRET_BOX, type SecretBox } from '../secrets/secret-box.js';
import { ClaimLostError } from './claim-lost.js';
import { changesAgainst, compareWithPrevious, jobChanges } from './crawl-changes.js';
import { type ControlResult, crawlControl, requestCrawlControl } from './crawl-control.js';
import { deleteJob, historyPage } from './crawl-history.js';
import { crawlStartRate, startCrawlJob } from './crawl-start.js';
import { SqlCrawlStore } from './crawl-store.js';
import { type CrawlJobRow, JOB_COLUMNS, type JobControl, toJob } from './rows.js';

/** The job row's JSON columns `crawl.get` adds (`CrawlJobDetails`). */
const DETAILS_COLUMNS = 'summary, outcome, progress, month_quota';

/** Those columns as the database returns them. */
interface DetailsRow {
  summary: string | null;
  outcome: string | null;
  progress: string | null;
  month_quota: number | null;
}

/** The columns parsed; a missing row reads as a job with none of them. */
function toDetails(row: DetailsRow | undefined): CrawlJobDetails {
  return {
    summary: row?.summary ? (JSON.parse(row.summary) as CrawlSummary) : null,
    outcome: row?.outcome ? (JSON.parse(row.outcome) as CrawlOutcome) : null,
    progress: row?.progress ? (JSON.parse(row.progress) as CrawlLiveProgress) : null,
    monthQuota: row?.month_quota ?? null,
  };
}

/** Crawl jobs over SQL (SQLite or Postgres). */
export class SqlCrawlJobRepository implements CrawlJobRepository {
  private crawlReport: CrawlReport | undefined;

  /**
   * Uses `db` for storage, `clock` for every timestamp and `box` to seal and open the secrets
   * of crawl settings (none by default: such settings are then refused, never kept in clear).
   */
  constructor(
    private readonly db: SqlDatabase,
    private readonly clock: Pick<Clock, 'now'>,
    private readonly box: SecretBox = NO_SECRET_BOX,
  ) {}

  /** See `startCrawlJob`. */
  start(input: StartCrawlInput): Promise<StartCrawlResult> {
    return startCrawlJob(this.db, this.clock, input, this.box);
  }

  /** See `crawlStartRate`. */
  startRate(userId: number, plan: Plan): Promise<RateInfo> {
    return crawlStartRate(this.db, this.clock, userId, plan);
  }

  /** See `requestCrawlControl`. */
  requestControl(
    jobId: string,
    userId: number,
    action: JobControl | 'resume',
  ): Promise<ControlResult> {
    return requestCrawlControl(this.db, jobId, userId, action);
  }

  /** See `crawlControl`. */
  control(jobId: string): Promise<JobControl | null> {
    return crawlControl(this.db, jobId);
  }

  /** Another user's job is indistinguishable from a missing one. */
  async get(jobId: string, userId: number): Promise<CrawlJobRecord | undefined> {
    const row = await this.db.first<CrawlJobRow>(
      `SELECT ${JOB_COLUMNS} FROM crawl_jobs WHERE id = ? AND user_id = ?`,
      [jobId, userId],
    );
    return row ? toJob(row, this.box) : undefined;
  }

  /** Listed pages only, in store order. */
  results(jobId: string): Promise<ResultItem[]> {
    return this.db.all<ResultItem>(
      'SELECT url, title FROM crawl_pages WHERE job_id = ? AND included = 1 ORDER BY seq',
      [jobId],
    );
  }

  /** Newest first. */
  async list(userId: number, limit: number): Promise<HistoryJobRecord[]> {
    return (await historyPage(this.db, userId, { limit, offset: 0 }, this.box)).rows;
  }

  /** See `historyPage`. */
  historyPage(userId: number, query: HistoryQuery): Promise<HistoryPage> {
    return historyPage(this.db, userId, query, this.box);
  }

  /** See `deleteJob`. */
  deleteJob(jobId: string, userId: number) {
    return deleteJob(this.db, jobId, userId);
  }

  /** One aggregate query over the user's jobs. */
  async totals(userId: number): Promise<CrawlTotals> {
    const row = await this.db.first<{
      total: number;
      pages: number | null;
      completed: number | null;
      failed: number | null;
      avg: number | null;
    }>(
      `SELECT COUNT(*) AS total, SUM(pages_crawled) AS pages,
              COUNT(*) FILTER (WHERE status = 'completed') AS completed,
              COUNT(*) FILTER (WHERE status = 'failed') AS failed,
              AVG(CASE WHEN status = 'completed' THEN duration_ms END) AS avg
         FROM crawl_jobs WHERE user_id = ?`,
      [userId],
    );
    return {
      totalCrawls: row?.total ?? 0,
      totalPages: row?.pages ?? 0,
      completed: row?.completed ?? 0,
      failed: row?.failed ?? 0,
      avgDurationMs: row?.avg ?? 0,
    };
  }

  /** The report tables of migration 20: `crawl_pages` rows, counts, and inlinks by key. */
  report(): CrawlReport {
    this.crawlReport ??= new CrawlReport(this.db, {
      pages: 'crawl_pages',
      counts: 'crawl_report_counts',
      inlinks: { table: 'crawl_inlinks', keyColumn: 'key' },
      sitemap: { table: 'crawl_sitemap_urls' },
    });
    return this.crawlReport;
  }

  /** JSON columns of the job row, parsed. */
  async details(jobId: string): Promise<CrawlJobDetails> {
    const row = await this.db.first<DetailsRow>(
      `SELECT ${DETAILS_COLUMNS} FROM crawl_jobs WHERE id = ?`,
      [jobId],
    );
    return toDetails(row);
  }

  /** The user's job and its JSON columns in one read (a poll's two reads were one each). */
  async getWithDetails(
    jobId: string,
    userId: number,
  ): Promise<{ job: CrawlJobRecord; details: CrawlJobDetails } | undefined> {
    const row = await this.db.first<CrawlJobRow & DetailsRow>(
      `SELECT ${JOB_COLUMNS}, ${DETAILS_COLUMNS} FROM crawl_jobs WHERE id = ? AND user_id = ?`,
      [jobId, userId],
    );
    return row ? { job: toJob(row, this.box), details: toDetails(row) } : undefined;
  }

  /** Core `compareCrawls` over this database (`crawl-changes.ts`). */
  compareWithPrevious(job: CrawlJobRecord): Promise<ChangeSummary | null> {
    return compareWithPrevious(this.db, job);
  }

  /** Read from the job row and, for removed URLs, the previous job's rows. */
  changes(jobId: string): Promise<CrawlChanges> {
    return jobChanges(this.db, jobId);
  }

  /** Core `compareOnDemand` over this database. */
  changesAgainst(job: CrawlJobRecord, earlier: CrawlJobRecord): Promise<CrawlChanges> {
    return changesAgainst(this.db, job, earlier);
  }

  /** Listed rows whose change is `added` or `changed`, in crawl order. */
  async changedListedUrls(jobId: string): Promise<string[]> {
    const rows = await this.db.all<{ url: string }>(
      "SELECT url FROM crawl_pages WHERE job_id = ? AND reason = 'listed' AND change IN ('added', 'changed') ORDER BY seq",
      [jobId],
    );
    return rows.map((r) => r.url);
  }

  /** One statement; only the rows whose count moved are written. */
  async settleLinks(jobId: string): Promise<void> {
    const count =
      '(SELECT COUNT(*) FROM crawl_inlinks i WHERE i.job_id = crawl_pages.job_id AND i.key = crawl_pages.key)';
    await this.db.run(
      `UPDATE crawl_pages SET inlinks = ${count} WHERE job_id = ? AND inlinks <> ${count}`,
      [jobId],
    );
  }

  /** Stored as JSON on the job row. */
  async saveOutcome(jobId: string, outcome: CrawlOutcome, claimToken?: string): Promise<void> {
    const fence = claimToken === undefined ? '' : ' AND claim_token = ?';
    const { changes } = await this.db.run(
      `UPDATE crawl_jobs SET outcome = ?, progress = NULL WHERE id = ?${fence}`,
      [JSON.stringify(outcome), jobId, ...(claimToken === undefined ? [] : [claimToken])],
    );
    if (claimToken !== undefined && changes === 0) throw new ClaimLostError(jobId);
  }

  /** Stored as JSON on the job row. */
  async saveProgress(jobId: string, progress: CrawlLiveProgress | null): Promise<void> {
    await this.db.run('UPDATE crawl_jobs SET progress = ? WHERE id = ?', [
      progress ? JSON.stringify(progress) : null,
      jobId,
    ]);
  }

  /** Counted on the frontier's (job, state) index. */
  async waiting(jobId: string): Promise<number> {
    const row = await this.db.first<{ n: number }>(
      "SELECT COUNT(*) AS n FROM crawl_frontier WHERE job_id = ? AND state IN ('queued', 'leased')",
      [jobId],
    );
    return row?.n ?? 0;
  }

  /** A store bound to the job (fenced by `claimToken`); it charges each new page to the job's owner. */
  store(
    jobId: string,
    claimToken: string | null = null,
    onLimit?: (limit: StoreLimit) => void,
    batched = false,
  ): JobCrawlStore {
    return new SqlCrawlStore(this.db, jobId, this.clock, claimToken, onLimit, batched);
  }

  /** Null until computed. */
  async cachedSeoAnalysis(jobId: string): Promise<SeoAnalysis | null> {
    const row = await this.db.first<{ seo_analysis: string | null }>(
      'SELECT seo_analysis FROM crawl_jobs WHERE id = ?',
      [jobId],
    );
    return row?.seo_analysis ? (JSON.parse(row.seo_analysis) as SeoAnalysis) : null;
  }

  /** Stored as JSON on the job row. */
  async cacheSeoAnalysis(jobId: string, analysis: SeoAnalysis): Promise<void> {
    await this.db.run('UPDATE crawl_jobs SET seo_analysis = ? WHERE id = ?', [
      JSON.stringify(analysis),
      jobId,
    ]);
  }

  /** Pages, frontier and inlinks go with the job (ON DELETE CASCADE). */
  async deleteCreatedBefore(cutoffMs: number): Promise<number> {
    const { changes } = await this.db.run('DELETE FROM crawl_jobs WHERE created_ms < ?', [
      cutoffMs,
    ]);
    return changes;
  }

  /** In batches of 500 ids, well under either database's parameter limit. */
  async existing(ids: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    // Bound the statement's parameters (SQLite's default limit is 32,766).
    for (let i = 0; i < ids.length; i += 500) {
      const batch = ids.slice(i, i + 500);
      const rows = await this.db.all<{ id: string }>(
        `SELECT id FROM crawl_jobs WHERE id IN (${batch.map(() => '?').join(', ')})`,
        batch,
      );
      for (const row of rows) found.add(row.id);
    }
    return found;
  }
}
