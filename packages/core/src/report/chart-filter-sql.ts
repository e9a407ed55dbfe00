/**
 * The URL table's filters that the charts open (issue 29): depth, HTTP status, response-time
 * bucket and folder. Each is the same condition the chart's bar was counted with
 * (`chart-sql.ts`), so a bar of N rows opens a table of N rows.
 */
import {
  depthRange,
  statusRange,
  TIME_BUCKETS,
  type TimeBucketId,
} from '../contract/chart-buckets.js';
import type { ReportFilter } from '../contract/report-schemas.js';
import type { SqlParam } from '../ports/sql-reader.js';
import { NO_ANSWER_SQL } from './columns.js';

/** The filter fields of the charts. */
export type ChartFilter = Pick<ReportFilter, 'depth' | 'httpStatus' | 'time' | 'under'>;

/** Whether `filter` narrows by a chart (so the per-verdict counts no longer give its size). */
export function hasChartFilter(filter: ChartFilter): boolean {
  return Boolean(filter.depth || filter.httpStatus || filter.time || filter.under);
}

/** The condition of a response-time bucket: an answer came, and its time is in the range. */
export function timeBucketSql(id: TimeBucketId): { sql: string; params: SqlParam[] } {
  const bucket = TIME_BUCKETS.find((b) => b.id === id);
  // The contract's enum admits only the buckets' ids.
  if (!bucket) throw new Error(`unknown response-time bucket ${id}`);
  const upper = bucket.max === null ? '' : ' AND response_ms < ?';
  return {
    sql: `NOT (${NO_ANSWER_SQL}) AND response_ms >= ?${upper}`,
    params: bucket.max === null ? [bucket.min] : [bucket.min, bucket.max],
  };
}

/**
 * Compares the URL's first characters with `prefix`, exactly (SQLite's LIKE ignores case, and
 * `/Blog/` is not `/blog/`); the length is counted in code points, as both databases count.
 */
function underSql(prefix: string): { sql: string; params: SqlParam[] } {
  return { sql: 'substr(url, 1, ?) = ?', params: [[...prefix].length, prefix] };
}

/** The conditions (each to be ANDed) and their parameters of the chart filters. */
export function chartFilterSql(filter: ChartFilter): { parts: string[]; params: SqlParam[] } {
  const parts: string[] = [];
  const params: SqlParam[] = [];
  if (filter.depth) {
    const { min, max } = depthRange(filter.depth);
    parts.push(max === null ? 'depth >= ?' : 'depth = ?');
    params.push(min);
  }
  if (filter.httpStatus) {
    const range = statusRange(filter.httpStatus);
    if (range === 'none') parts.push(NO_ANSWER_SQL);
    else {
      parts.push('status BETWEEN ? AND ?');
      params.push(range.min, range.max);
    }
  }
  for (const part of [
    filter.time && timeBucketSql(filter.time),
    filter.under && underSql(filter.under),
  ]) {
    if (!part) continue;
    parts.push(part.sql);
    for (const param of part.params) params.push(param);
  }
  return { parts, params };
}

/** The chart filters' part of a cursor's fingerprint: empty when none is set (older cursors stay valid). */
export function chartFingerprint(filter: ChartFilter): string[] {
  return hasChartFilter(filter)
    ? [
        `charts:${filter.depth ?? ''}|${filter.httpStatus ?? ''}|${filter.time ?? ''}|${filter.under ?? ''}`,
      ]
    : [];
}
