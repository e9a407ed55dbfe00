/**
 * The crawl report, read from a shell's tables (SQLite or Postgres) through the `SqlReader` port: one page of
 * the URL table, one URL in detail, every row for an export, the figures above the table and
 * the bounded first results of `crawl.get`. The hosted routes and the desktop IPC handlers call
 * this same code, so the two shells answer alike for the same crawl.
 */

import type { CrawlCharts } from '../contract/chart-schemas.js';
import {
  REPORT_REASONS,
  type ReportCount,
  type ReportFilter,
  type ReportReason,
  type ReportRow,
  type ReportUrlDetail,
  type ReportUrlsPage,
} from '../contract/report-schemas.js';
import type { ResultItem } from '../contract/schemas.js';
import type { PageRecord } from '../crawler/types.js';
import { SITEMAP_ORDER_COLUMNS } from '../export/order.js';
import { LINKED_FROM_KEPT } from '../ports/crawl-store.js';
import type { SqlParam, SqlReader } from '../ports/sql-reader.js';
import { hasChartFilter } from './chart-filter-sql.js';
import { ChartReader } from './chart-sql.js';
import type { ReportFormat } from './export.js';
import type { IssueMatcher } from './issue-filter.js';
import { lineBatches } from './line-batches.js';
import {
  decodeCursor,
  encodeCursor,
  filterSql,
  type Keyset,
  keysetOf,
  matching,
  orderSql,
  pageSelect,
  SORT_VALUE,
  searchSql,
} from './query.js';
import { detailOf, ROW_COLUMNS, type RowData, recordOf, toRow } from './rows.js';
import { rowSource } from './source.js';
import { REASON_LABELS } from './verdict-words.js';

/** Where a shell keeps the report's rows. */
export interface ReportLayout {
  /** Page rows with the report columns (`report/columns.ts`), `included`, `seq` and `inlinks`. */
  pages: string;
  /** Counts per (job_id, reason) in column `n`, kept current as pages are saved. */
  counts: string;
  /** The inlinks table (`job_id, key, from_url`) and the page rows' key column, if kept. */
  inlinks?: { table: string; keyColumn: string };
  /** The live sitemap comparison's table (`job_id, url, flags`), where the shell keeps one. */
  sitemap?: { table: string };
}

/** A page request of the URL table (the parsed `crawl.urls` input, without the job). */
export interface UrlsQuery extends ReportFilter {
  cursor?: string | undefined;
  limit?: number | undefined;
}

/** Rows the issue filter reads at most per call before answering with what it found. */
const MAX_SCAN = 20_000;
const BATCH = 5000;
/** Lines per chunk of an export: about 1 MB of text, two chunks at a time at most. */
const LINE_BATCH = 5000;
const DEFAULT_LIMIT = 100;

/** The report of a shell's crawls. */
export class CrawlReport {
  /** The page rows with (or, for a job without a comparison, without) sitemap findings. */
  private readonly sources: { found: string; none: string };

  /**
   * Reads `layout`'s tables through `db`. `scanWindow` is how many URLs a search or an issue
   * filter reads at most per call (tests make it small to cross windows).
   */
  constructor(
    private readonly db: SqlReader,
    private readonly layout: ReportLayout,
    private readonly scanWindow = MAX_SCAN,
    private readonly lineBatch = LINE_BATCH,
  ) {
    this.sources = { found: rowSource(layout), none: rowSource({ pages: layout.pages }) };
  }

  /** URLs in the job and the figures per verdict code, largest first. */
  async counts(jobId: string): Promise<{ total: number; counts: ReportCount[] }> {
    const rows = await this.db.all<{ reason: ReportReason; n: number }>(
      `SELECT reason, n FROM ${this.layout.counts} WHERE job_id = ? AND n > 0`,
      [jobId],
    );
    const known = rows.filter((r) => (REPORT_REASONS as readonly string[]).includes(r.reason));
    known.sort((a, b) => (a.reason === 'listed' ? -1 : b.reason === 'listed' ? 1 : b.n - a.n));
    return {
      total: known.reduce((sum, r) => sum + r.n, 0),
      counts: known.map((r) => ({ reason: r.reason, label: REASON_LABELS[r.reason], count: r.n })),
    };
  }

  /** The figures of the report's charts (issue 29), bounded whatever the crawl's size. */
  async charts(jobId: string): Promise<CrawlCharts> {
    const { counts } = await this.counts(jobId);
    return new ChartReader(this.db, this.layout.pages).charts(jobId, counts);
  }

  /** `jobId`'s rows: with the sitemap lookup only when it has a comparison (none: no cost). */
  private async source(jobId: string): Promise<string> {
    const table = this.layout.sitemap?.table;
    if (!table) return this.sources.none;
    const any = await this.db.first(`SELECT 1 AS x FROM ${table} WHERE job_id = ? LIMIT 1`, [
      jobId,
    ]);
    return any ? this.sources.found : this.sources.none;
  }

  /** One page of the URL table; `issue` filters by an SEO issue (`issueMatcher`). */
  async urls(jobId: string, query: UrlsQuery, issue?: IssueMatcher): Promise<ReportUrlsPage> {
    const after = query.cursor ? decodeCursor(query, query.cursor) : null;
    const limit = query.limit ?? DEFAULT_LIMIT;
    const { total, counts } = await this.counts(jobId);
    const found = issue
      ? await this.scan(jobId, query, after, limit, issue)
      : await this.page(jobId, query, after, limit);
    return {
      rows: found.rows.map(toRow),
      nextCursor: found.last ? encodeCursor(query, found.last) : null,
      matching:
        query.q || issue || query.change || query.sitemap || hasChartFilter(query)
          ? null
          : matching(query, counts),
      total,
      counts,
    };
  }

  private async select(
    jobId: string,
    filter: ReportFilter,
    after: Keyset | null,
    limit: number,
    withRecord: boolean,
  ): Promise<RowData[]> {
    const columns = withRecord ? `${ROW_COLUMNS}, record` : ROW_COLUMNS;
    const source = await this.source(jobId);
    const { sql, params } = pageSelect(source, jobId, filter, after, columns, this.db.dialect);
    return this.db.all<RowData>(`${sql} LIMIT ?`, [...params, limit]);
  }

  private async page(
    jobId: string,
    filter: ReportFilter,
    after: Keyset | null,
    limit: number,
  ): Promise<{ rows: RowData[]; last: Keyset | null }> {
    if (filter.q) return this.search(jobId, filter, filter.q, after, limit);
    // One row more than asked tells whether there is a next page without a count.
    const rows = await this.select(jobId, filter, after, limit + 1, false);
    const more = rows.length > limit;
    const kept = more ? rows.slice(0, limit) : rows;
    return { rows: kept, last: more ? keysetOf(kept.at(-1)) : null };
  }

  /**
   * A page of a search, reading at most `scanWindow` URLs in the table's order: a `LIKE` finds
   * no index, and a rare word would otherwise read a million rows in one call. When the window
   * ends before the page is full, the cursor goes on from the window's last URL.
   */
  private async search(
    jobId: string,
    filter: ReportFilter,
    words: string,
    after: Keyset | null,
    limit: number,
  ): Promise<{ rows: RowData[]; last: Keyset | null }> {
    const base = filterSql({ ...filter, q: undefined }, this.db.dialect);
    const order = orderSql(filter, after);
    const search = searchSql(words, this.db.dialect);
    const source = await this.source(jobId);
    const window = `SELECT ${ROW_COLUMNS}, ${order.column} AS ${SORT_VALUE} FROM ${source}
      WHERE job_id = ?${base.sql}${order.where} ORDER BY ${order.orderBy} LIMIT ${this.scanWindow}`;
    const params: SqlParam[] = [jobId, ...base.params, ...order.params];
    // The window's columns carry the sort's names, so its ORDER BY applies outside unchanged.
    const rows = await this.db.all<RowData>(
      `SELECT * FROM (${window}) AS w WHERE ${search.sql} ORDER BY ${order.orderBy} LIMIT ?`,
      [...params, ...search.params, limit + 1],
    );
    if (rows.length > limit) return { rows: rows.slice(0, limit), last: keysetOf(rows[limit - 1]) };
    const end = await this.db.first<RowData>(
      `SELECT seq, ${order.column} AS ${SORT_VALUE} FROM ${source}
        WHERE job_id = ?${base.sql}${order.where} ORDER BY ${order.orderBy} LIMIT 1 OFFSET ${this.scanWindow - 1}`,
      params,
    );
    return { rows, last: end ? keysetOf(end) : null };
  }

  private async scan(
    jobId: string,
    filter: ReportFilter,
    after: Keyset | null,
    limit: number,
    issue: IssueMatcher,
  ): Promise<{ rows: RowData[]; last: Keyset | null }> {
    const rows: RowData[] = [];
    let from = after;
    let scanned = 0;
    for (;;) {
      const batch = await this.select(jobId, filter, from, BATCH, true);
      for (const row of batch) {
        scanned++;
        from = keysetOf(row);
        if (!issue(recordOf(row))) continue;
        rows.push(row);
        if (rows.length === limit) return { rows, last: from };
      }
      if (batch.length < BATCH) return { rows, last: null };
      // Bounded work per call: answer what was found, and the cursor goes on from here.
      if (scanned >= this.scanWindow) return { rows, last: from };
    }
  }

  /** Every row matching `filter`, in its sort order, read in batches (for the exports). */
  async *rows(jobId: string, filter: ReportFilter, issue?: IssueMatcher): AsyncIterable<ReportRow> {
    let from: Keyset | null = null;
    for (;;) {
      const batch = await this.select(jobId, filter, from, BATCH, issue !== undefined);
      for (const row of batch) if (!issue || issue(recordOf(row))) yield toRow(row);
      if (batch.length < BATCH) return;
      from = keysetOf(batch.at(-1));
    }
  }

  /**
   * Every row matching `filter` in `format`, in its sort order, as UTF-8 bytes written by the database
   * (`line-batches.ts`). The CSV header is not included.
   */
  async *lines(
    jobId: string,
    filter: ReportFilter,
    format: ReportFormat,
  ): AsyncIterable<Uint8Array> {
    const source = await this.source(jobId);
    yield* lineBatches(this.db, source, jobId, filter, format, this.lineBatch);
  }

  /** One URL in detail, or null when the job never met it. */
  async url(jobId: string, url: string): Promise<ReportUrlDetail | null> {
    const key = this.layout.inlinks?.keyColumn;
    const row = await this.db.first<RowData & { key?: string }>(
      `SELECT ${ROW_COLUMNS}, record${key ? `, ${key} AS key` : ''}
         FROM ${await this.source(jobId)} WHERE job_id = ? AND url = ? ORDER BY seq LIMIT 1`,
      [jobId, url],
    );
    if (!row) return null;
    const page = recordOf(row);
    let linkedFrom = page.linkedFrom.slice(0, LINKED_FROM_KEPT);
    if (this.layout.inlinks && row.key !== undefined) {
      const links = await this.db.all<{ from_url: string }>(
        `SELECT from_url FROM ${this.layout.inlinks.table} WHERE job_id = ? AND key = ?
          ORDER BY from_url LIMIT ?`,
        [jobId, row.key, LINKED_FROM_KEPT],
      );
      linkedFrom = links.map((l) => l.from_url);
    }
    return detailOf(row, page, linkedFrom);
  }

  /** The record of the start URL (depth 0), or null before it was saved. */
  async startRecord(jobId: string): Promise<PageRecord | null> {
    const row = await this.db.first<{ record: string; inlinks: number }>(
      `SELECT record, inlinks FROM ${this.layout.pages} WHERE job_id = ? AND depth = 0 ORDER BY seq LIMIT 1`,
      [jobId],
    );
    return row ? { ...(JSON.parse(row.record) as PageRecord), inlinks: row.inlinks } : null;
  }

  /** The records of the listed URLs, in crawl order, read in batches. */
  async *listedRecords(jobId: string): AsyncIterable<PageRecord> {
    let after = -1;
    for (;;) {
      const rows = await this.db.all<{ seq: number; record: string }>(
        `SELECT seq, record FROM ${this.layout.pages}
          WHERE job_id = ? AND reason = 'listed' AND seq > ? ORDER BY seq LIMIT ${BATCH}`,
        [jobId, after],
      );
      for (const row of rows) yield JSON.parse(row.record) as PageRecord;
      if (rows.length < BATCH) return;
      after = rows.at(-1)?.seq ?? after;
    }
  }

  /**
   * The first `limit` listed pages in the sitemap order (the results preview lists as the
   * sitemaps do) and how many are listed in all (bounded `crawl.get`).
   */
  async firstListed(
    jobId: string,
    limit: number,
  ): Promise<{ results: ResultItem[]; total: number }> {
    const results = await this.db.all<ResultItem>(
      `SELECT url, title FROM ${this.layout.pages} WHERE job_id = ? AND included = 1
        ORDER BY ${SITEMAP_ORDER_COLUMNS.join(', ')} LIMIT ?`,
      [jobId, limit],
    );
    const count = await this.db.first<{ n: number }>(
      `SELECT n FROM ${this.layout.counts} WHERE job_id = ? AND reason = 'listed'`,
      [jobId],
    );
    return { results, total: count?.n ?? 0 };
  }
}
