/**
 * The report's lines written by SQLite itself: one CSV record or JSON Lines object per row as
 * a single text column, so a full export reads one short string per row instead of building a
 * JavaScript object of twelve fields (the export's cost per row is SQLite's). The expressions
 * follow `CSV_COLUMNS` and the `ReportRow` field order, and a test holds them byte for byte
 * equal to `csvLine` and `JSON.stringify` of the same rows.
 */
import type { ReportRow } from '../contract/report-schemas.js';
import type { ReportFormat } from './export.js';
import { CSV_COLUMNS } from './export.js';

/** The stored column and the kind of each row field. */
const FIELDS: Readonly<Record<keyof ReportRow, readonly [string, 'text' | 'number' | 'bool']>> = {
  id: ['seq', 'number'],
  url: ['url', 'text'],
  status: ['status', 'number'],
  reason: ['reason', 'text'],
  verdict: ['verdict', 'text'],
  title: ['title', 'text'],
  depth: ['depth', 'number'],
  inlinks: ['inlinks', 'number'],
  responseTimeMs: ['response_ms', 'number'],
  rendered: ['rendered', 'bool'],
  renderReason: ['render_reason', 'text'],
  contentType: ['content_type', 'text'],
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

function csvExpression(field: keyof ReportRow): string {
  const [column, kind] = FIELDS[field];
  if (kind === 'number') return `CAST(${column} AS TEXT)`;
  if (kind === 'bool') return `CASE WHEN ${column} = 1 THEN 'yes' ELSE 'no' END`;
  return `CASE WHEN ${column} IS NULL THEN ''
    WHEN instr(${column}, '"') OR instr(${column}, ',') OR instr(${column}, char(10)) OR instr(${column}, char(13))
    THEN '"' || replace(${column}, '"', '""') || '"' ELSE ${column} END`;
}

function jsonExpression(field: keyof ReportRow): string {
  const [column, kind] = FIELDS[field];
  const value =
    kind === 'bool' ? `json(CASE WHEN ${column} = 1 THEN 'true' ELSE 'false' END)` : column;
  return `'${field}', ${value}`;
}

/** The SQL expression of one row's line (with its line end) in `format`. */
export function lineExpression(format: ReportFormat): string {
  if (format === 'csv')
    return `${CSV_COLUMNS.map(([, field]) => csvExpression(field)).join(" || ',' || ")} || char(13, 10)`;
  return `json_object(${ROW_ORDER.map(jsonExpression).join(', ')}) || char(10)`;
}
