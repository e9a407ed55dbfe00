/**
 * The URL table's query: filter to SQL, sort to a keyset, and the opaque cursor between pages.
 * Paging is by keyset (`(sort value, id) > (last value, last id)`), never by offset, so every
 * URL appears exactly once across pages and a page costs the same at row 10 or row 900,000.
 */
import type { ErrorCode } from '../contract/error-codes.js';
import {
  EXTERNAL_REASON,
  type ReportCount,
  type ReportFilter,
  type ReportReason,
  type ReportSort,
  scopeOf,
} from '../contract/report-schemas.js';
import type { SqlDialect, SqlParam } from '../ports/sql-reader.js';
import { chartFilterSql, chartFingerprint } from './chart-filter-sql.js';
import { NO_ANSWER_SQL } from './columns.js';

/** A bad filter or cursor: the shells answer it with 400 and its code. */
export class ReportQueryError extends Error {
  /** `message` is a sentence for people; `code` is the contract's. */
  constructor(
    message: string,
    readonly code: ErrorCode,
  ) {
    super(message);
    this.name = 'ReportQueryError';
  }
}

/**
 * The SQL expression of each sort; `seq` (the order the crawl saved the URLs) breaks ties, so
 * `crawl` is depth first (the start page leads), then the order the URLs were found.
 */
export const SORT_COLUMNS: Readonly<Record<ReportSort, string>> = {
  crawl: 'depth',
  url: 'url',
  status: 'status',
  title: "COALESCE(title, '')",
  depth: 'depth',
  inlinks: 'inlinks',
  responseTime: 'response_ms',
};

/**
 * Sorts whose value is empty when no answer came (`NO_ANSWER_SQL`): their rows go last in
 * either direction, so a direction may sort by its own expression, the empty rows given a value
 * past every real one (a status or a time is never negative, never 1,000,000,000). A status
 * sorted down needs none: the stored 0 is below every real status. Each expression has its
 * index (step 99 on SQLite and Postgres, the same text), so a page costs the same anywhere.
 */
const EMPTY_LAST: Partial<Record<ReportSort, { asc?: string; desc?: string }>> = {
  status: { asc: `CASE WHEN ${NO_ANSWER_SQL} THEN 1000000000 ELSE status END` },
  responseTime: {
    asc: `CASE WHEN ${NO_ANSWER_SQL} THEN 1000000000 ELSE response_ms END`,
    desc: `CASE WHEN ${NO_ANSWER_SQL} THEN -1 ELSE response_ms END`,
  },
};

/** The SQL expression a filter's sort orders by, in its direction. */
export function sortColumn(filter: Pick<ReportFilter, 'sort' | 'dir'>): string {
  const sort = filter.sort ?? 'crawl';
  return EMPTY_LAST[sort]?.[filter.dir ?? 'asc'] ?? SORT_COLUMNS[sort];
}

const TEXT_SORTS = new Set<ReportSort>(['url', 'title']);

/** Where a page of the table ends: the sort value and id of its last row. */
export interface Keyset {
  value: string | number;
  id: number;
}

/** A short fingerprint of a filter and sort, so a cursor is only used with its own query. */
function fingerprint(filter: ReportFilter): string {
  const text = JSON.stringify([
    filter.verdict ?? '',
    filter.reason ?? '',
    filter.q ?? '',
    filter.issue ?? '',
    filter.sitemap ?? '',
    filter.sort ?? 'crawl',
    filter.dir ?? 'asc',
    // Added last and only when set, so cursors given before these filters stay valid.
    ...(filter.change ? [filter.change] : []),
    ...(filter.scope ? [`scope:${filter.scope}`] : []),
    ...chartFingerprint(filter),
  ]);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const bin = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(
    Uint8Array.from(bin, (c) => c.charCodeAt(0)),
  );
}

/** The cursor after `last` for this filter and sort. */
export function encodeCursor(filter: ReportFilter, last: Keyset): string {
  return toBase64Url(JSON.stringify([fingerprint(filter), last.value, last.id]));
}

/** Reads a cursor; throws `ReportQueryError` when it is not one this filter and sort gave. */
export function decodeCursor(filter: ReportFilter, cursor: string): Keyset {
  const bad = new ReportQueryError(
    'This page link is not valid for the table as it is filtered and sorted now; start again from the first page.',
    'report.cursor-invalid',
  );
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(cursor));
  } catch {
    throw bad;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw bad;
  const [print, value, id] = parsed as unknown[];
  if (print !== fingerprint(filter)) throw bad;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw bad;
  const text = TEXT_SORTS.has(filter.sort ?? 'crawl');
  if (text ? typeof value !== 'string' : typeof value !== 'number' || !Number.isFinite(value))
    throw bad;
  return { value: value as string | number, id };
}

/** Escapes `%`, `_` and `\` for a LIKE pattern with `ESCAPE '\'`: "contains `words`". */
export function likePattern(words: string): string {
  return `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The WHERE clause (after `job_id = ?`) and its parameters for a filter. */
export function filterSql(
  filter: ReportFilter,
  dialect: SqlDialect,
): { sql: string; params: SqlParam[] } {
  const parts: string[] = [];
  const params: SqlParam[] = [];
  if (filter.verdict === 'listed') parts.push("reason = 'listed'");
  if (filter.verdict === 'excluded') parts.push("reason <> 'listed'");
  if (filter.scope) {
    parts.push(filter.scope === 'external' ? 'reason = ?' : 'reason <> ?');
    params.push(EXTERNAL_REASON);
  }
  if (filter.reason) {
    parts.push('reason = ?');
    params.push(filter.reason);
  }
  if (filter.change) {
    parts.push('change = ?');
    params.push(filter.change);
  }
  if (filter.sitemap) {
    parts.push("(' ' || sitemap || ' ') LIKE ?");
    params.push(`% ${filter.sitemap} %`);
  }
  const charts = chartFilterSql(filter);
  for (const part of charts.parts) parts.push(part);
  for (const param of charts.params) params.push(param);
  if (filter.q) {
    const search = searchSql(filter.q, dialect);
    parts.push(search.sql);
    for (const param of search.params) params.push(param);
  }
  return { sql: parts.map((p) => ` AND ${p}`).join(''), params };
}

/** The search condition: the words in the URL or the title, ignoring ASCII case. */
export function searchSql(words: string, dialect: SqlDialect): { sql: string; params: SqlParam[] } {
  const pattern = likePattern(words);
  return {
    sql: `(${dialect.likeNoCase('url', '?')} OR ${dialect.likeNoCase('title', '?')})`,
    params: [pattern, pattern],
  };
}

/** The keyset condition and ORDER BY of a sort, continuing after `after` when given. */
export function orderSql(
  filter: ReportFilter,
  after: Keyset | null,
): { where: string; params: SqlParam[]; orderBy: string; column: string } {
  const column = sortColumn(filter);
  const desc = filter.dir === 'desc';
  const dir = desc ? 'DESC' : 'ASC';
  const orderBy = `${column} ${dir}, seq ${dir}`;
  if (!after) return { where: '', params: [], orderBy, column };
  const op = desc ? '<' : '>';
  return {
    where: ` AND (${column}, seq) ${op} (?, ?)`,
    params: [after.value, after.id],
    orderBy,
    column,
  };
}

/**
 * The sort value's column name, quoted: Postgres folds unquoted names to lower case, and the
 * rows are read by this name (`keysetOf`).
 */
export const SORT_VALUE = '"sortValue"';

/**
 * The SELECT of a job's rows in `pages` matching `filter`, in its sort order after `after`
 * (no LIMIT), with `columns` and the sort value as `sortValue`.
 */
export function pageSelect(
  pages: string,
  jobId: string,
  filter: ReportFilter,
  after: Keyset | null,
  columns: string,
  dialect: SqlDialect,
): { sql: string; params: SqlParam[] } {
  const where = filterSql(filter, dialect);
  const order = orderSql(filter, after);
  return {
    sql: `SELECT ${columns}, ${order.column} AS ${SORT_VALUE}
         FROM ${pages} WHERE job_id = ?${where.sql}${order.where}
        ORDER BY ${order.orderBy}`,
    params: [jobId, ...where.params, ...order.params],
  };
}

/** The keyset a page or batch ending at `row` continues from. */
export function keysetOf(
  row: { seq: number; sortValue?: string | number | undefined } | undefined,
): Keyset | null {
  if (!row) return null;
  return { value: row.sortValue ?? row.seq, id: row.seq };
}

/** Whether rows of verdict code `reason` pass the filter's verdict, reason and scope. */
function keeps(filter: ReportFilter, reason: ReportReason): boolean {
  if (filter.reason && filter.reason !== reason) return false;
  if (filter.verdict === 'listed' && reason !== 'listed') return false;
  if (filter.verdict === 'excluded' && reason === 'listed') return false;
  return !filter.scope || scopeOf(reason) === filter.scope;
}

/** How many rows a filter matches, from the per-reason counts (no query). */
export function matching(filter: ReportFilter, counts: ReportCount[]): number {
  return counts.reduce((sum, c) => sum + (keeps(filter, c.reason) ? c.count : 0), 0);
}
