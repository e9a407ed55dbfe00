/**
 * The figures of the crawl report's charts (issue 29), read in SQL from the rows the URL table
 * reads, on SQLite and Postgres alike: counts grouped on the indexed report columns, and the
 * folder tree from the URLs read in batches. Every figure counts the site's own URLs, with the
 * same conditions as the URL-table filters its bars open (`chart-filter-sql.ts`).
 */
import { DEPTH_CHART_CAP, TIME_BUCKETS } from '../contract/chart-buckets.js';
import type { CrawlCharts, StatusBar, TimeBar } from '../contract/chart-schemas.js';
import { EXTERNAL_REASON, type ReportCount } from '../contract/report-schemas.js';
import type { SqlParam, SqlReader } from '../ports/sql-reader.js';
import { timeBucketSql } from './chart-filter-sql.js';
import { FolderTree } from './folder-tree.js';

/** URLs the folder tree reads per query. */
const FOLDER_BATCH = 10_000;

/** A URL counted as an issue of its folder: an error status, or no answer for a timeout or a network error. */
const BROKEN_SQL = "(status >= 400 OR reason IN ('timeout', 'error'))";

type Group = { key: number | null; n: number | string };

/** Reads the charts of one job from a shell's page rows. */
export class ChartReader {
  /** `pages` is the shell's page-row table (`ReportLayout.pages`). */
  constructor(
    private readonly db: SqlReader,
    private readonly pages: string,
  ) {}

  /** Every chart of `jobId`; `counts` are its figures per verdict (`CrawlReport.counts`). */
  async charts(jobId: string, counts: readonly ReportCount[]): Promise<CrawlCharts> {
    const verdicts = counts.filter((c) => c.reason !== EXTERNAL_REASON);
    const [statuses, depths, times, tree] = await Promise.all([
      this.statuses(jobId),
      this.depths(jobId),
      this.times(jobId),
      this.folders(jobId),
    ]);
    return {
      total: verdicts.reduce((sum, c) => sum + c.count, 0),
      verdicts,
      statuses,
      depths,
      times,
      folders: tree.folders,
      otherHosts: tree.other,
    };
  }

  /** `SELECT <key>, COUNT(*)` over the job's own URLs, grouped by the key. */
  private group(jobId: string, key: string, params: SqlParam[] = []): Promise<Group[]> {
    return this.db.all<Group>(
      `SELECT ${key} AS key, COUNT(*) AS n FROM ${this.pages}
        WHERE job_id = ? AND reason <> ? GROUP BY 1 ORDER BY 1`,
      [...params, jobId, EXTERNAL_REASON],
    );
  }

  private async statuses(jobId: string): Promise<StatusBar[]> {
    const rows = await this.group(jobId, 'status');
    const bars = rows.map((r) => ({ status: Number(r.key), count: Number(r.n) }));
    // The stored 0 is "no answer" (`NO_ANSWER_SQL` of columns.ts): shown last, as null.
    const none = bars.filter((b) => b.status === 0);
    return [
      ...bars.filter((b) => b.status !== 0),
      ...none.map((b) => ({ status: null, count: b.count })),
    ];
  }

  private async depths(jobId: string) {
    const rows = await this.group(jobId, 'CASE WHEN depth >= ? THEN ? ELSE depth END', [
      DEPTH_CHART_CAP,
      DEPTH_CHART_CAP,
    ]);
    return rows.map((r) => ({
      depth: Number(r.key),
      orMore: Number(r.key) === DEPTH_CHART_CAP,
      count: Number(r.n),
    }));
  }

  private async times(jobId: string): Promise<TimeBar[]> {
    // One CASE from the filters' own conditions, so a bar and its table count the same rows.
    const params: SqlParam[] = [];
    const whens = TIME_BUCKETS.map((bucket, i) => {
      const cond = timeBucketSql(bucket.id);
      for (const param of cond.params) params.push(param);
      params.push(i);
      return `WHEN ${cond.sql} THEN ?`;
    });
    const rows = await this.group(jobId, `CASE ${whens.join(' ')} ELSE -1 END`, params);
    return TIME_BUCKETS.map((bucket, i) => ({
      bucket: bucket.id,
      label: bucket.label,
      count: Number(rows.find((r) => Number(r.key) === i)?.n ?? 0),
    }));
  }

  private async folders(jobId: string) {
    const tree = new FolderTree();
    let after = -1;
    for (;;) {
      const rows = await this.db.all<{ seq: number; url: string; broken: number | boolean }>(
        `SELECT seq, url, CASE WHEN ${BROKEN_SQL} THEN 1 ELSE 0 END AS broken FROM ${this.pages}
          WHERE job_id = ? AND reason <> ? AND seq > ? ORDER BY seq LIMIT ${FOLDER_BATCH}`,
        [jobId, EXTERNAL_REASON, after],
      );
      for (const row of rows) tree.add(row.url, Number(row.broken) === 1);
      if (rows.length < FOLDER_BATCH) return tree.result();
      after = Number(rows.at(-1)?.seq ?? after);
    }
  }
}
