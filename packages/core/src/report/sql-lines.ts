/**
 * The report's lines written by the database itself: one CSV record or JSON Lines object per
 * row, concatenated per batch (`CrawlReport.lines`), so a full export reads one long string per
 * few thousand rows instead of building a JavaScript object per row (the export's cost per row
 * is the database's). On SQLite a CSV record is one `printf` (a chain of `||` copies the
 * growing line at every step) and only free text is tested for quoting; Postgres writes the
 * same record with `concat`, and its JSON by hand (its JSON functions put spaces after colons
 * and commas). The expressions follow `CSV_COLUMNS` and the `ReportRow` field order, and tests
 * hold them byte for byte equal to `csvLine` and `JSON.stringify` of the same rows on both.
 */
import type { ReportRow } from '../contract/report-schemas.js';
import type { SqlDialect } from '../ports/sql-reader.js';
import { NO_ANSWER_SQL } from './columns.js';
import type { ReportFormat } from './export.js';
import { CSV_COLUMNS } from './export.js';

/** A number column, NULL when the row got no answer (`toRow` gives null too). */
function answered(column: string): string {
  return `(CASE WHEN ${NO_ANSWER_SQL} THEN NULL ELSE ${column} END)`;
}

/**
 * The stored column and the kind of each row field. A `code` is one of the report's own verdict
 * codes (letters and dashes), which never needs CSV quoting.
 */
const FIELDS: Readonly<
  Record<keyof ReportRow, readonly [string, 'text' | 'code' | 'number' | 'bool']>
> = {
  id: ['seq', 'number'],
  url: ['url', 'text'],
  status: [answered('status'), 'number'],
  reason: ['reason', 'code'],
  verdict: ['verdict', 'text'],
  title: ['title', 'text'],
  depth: ['depth', 'number'],
  inlinks: ['inlinks', 'number'],
  responseTimeMs: [answered('response_ms'), 'number'],
  rendered: ['rendered', 'bool'],
  renderReason: ['render_reason', 'text'],
  contentType: ['content_type', 'text'],
  change: ['change', 'text'],
  sitemap: ['sitemap', 'text'],
};

/** The `ReportRow` fields in the order `toRow` (and so `JSON.stringify`) writes them. */
const ROW_ORDER: ReadonlyArray<keyof ReportRow> = [
  'id',
  'url',
  'status',
  'reason',
  'verdict',
  'title',
  'depth',
  'inlinks',
  'responseTimeMs',
  'rendered',
  'renderReason',
  'contentType',
  'sitemap',
];

/** The `printf` conversion and argument of one CSV field (`%s` of NULL prints nothing). */
function csvPart(field: keyof ReportRow): [string, string] {
  const [column, kind] = FIELDS[field];
  // `%s` of an integer prints its digits, and of NULL nothing (`%d` would print 0).
  if (kind === 'number') return ['%s', column];
  if (kind === 'bool') return ['%s', `CASE WHEN ${column} = 1 THEN 'yes' ELSE 'no' END`];
  if (kind === 'code') return ['%s', column];
  return [
    '%s',
    `CASE WHEN instr(${column}, '"') OR instr(${column}, ',') OR instr(${column}, char(10)) OR instr(${column}, char(13))
    THEN '"' || replace(${column}, '"', '""') || '"' ELSE ${column} END`,
  ];
}

function jsonExpression(field: keyof ReportRow): string {
  const [column, kind] = FIELDS[field];
  const value =
    kind === 'bool' ? `json(CASE WHEN ${column} = 1 THEN 'true' ELSE 'false' END)` : column;
  return `'${field}', ${value}`;
}

/** One CSV field on Postgres (`concat` writes NULL as nothing). */
function pgCsvPart(field: keyof ReportRow): string {
  const [column, kind] = FIELDS[field];
  if (kind === 'number' || kind === 'code') return column;
  if (kind === 'bool') return `CASE WHEN ${column} = 1 THEN 'yes' ELSE 'no' END`;
  return `CASE WHEN strpos(${column}, '"') > 0 OR strpos(${column}, ',') > 0
      OR strpos(${column}, chr(10)) > 0 OR strpos(${column}, chr(13)) > 0
    THEN '"' || replace(${column}, '"', '""') || '"' ELSE ${column} END`;
}

/** One `"name":value` member on Postgres: `to_json` escapes text as `JSON.stringify` does. */
function pgJsonMember(field: keyof ReportRow, first: boolean): string {
  const [column, kind] = FIELDS[field];
  const value =
    kind === 'bool'
      ? `CASE WHEN ${column} = 1 THEN 'true' ELSE 'false' END`
      : kind === 'number'
        ? `COALESCE(${column}::text, 'null')`
        : `COALESCE(to_json(${column})::text, 'null')`;
  return `'${first ? '{' : ','}"${field}":', ${value}`;
}

/** The Postgres expression of one row's line (with its line end) in `format`. */
function postgresLine(format: ReportFormat): string {
  if (format === 'csv')
    return `concat(${CSV_COLUMNS.map(([, field]) => pgCsvPart(field)).join(", ',', ")}, chr(13), chr(10))`;
  const fields = ROW_ORDER.map((field, i) => pgJsonMember(field, i === 0)).join(', ');
  return `concat(${fields}, CASE WHEN change IS NULL THEN '' ELSE concat(${pgJsonMember('change', false)}) END, '}', chr(10))`;
}

/** The SQL expression of one row's line (with its line end) in `format`, for `dialect`. */
export function lineExpression(
  format: ReportFormat,
  dialect: SqlDialect['name'] = 'sqlite',
): string {
  if (dialect === 'postgres') return postgresLine(format);
  if (format === 'csv') {
    const parts = CSV_COLUMNS.map(([, field]) => csvPart(field));
    // The CRLF sits in the format string itself, as SQL string literals may hold line ends.
    return `printf('${parts.map(([conversion]) => conversion).join(',')}\r\n', ${parts.map(([, arg]) => arg).join(', ')})`;
  }
  // `toRow` leaves `change` out on a first crawl; so does the line.
  const fields = ROW_ORDER.map(jsonExpression).join(', ');
  return `CASE WHEN change IS NULL THEN json_object(${fields})
    ELSE json_object(${fields}, ${jsonExpression('change')}) END || char(10)`;
}
