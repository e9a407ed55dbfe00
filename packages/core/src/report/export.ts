/**
 * The report download: CSV (UTF-8 with a BOM so spreadsheets read the accents, one header row,
 * RFC 4180 quoting and CRLF line ends) or JSON Lines (one row object per line). Written as a
 * stream of text chunks from the rows as they are read, so a 1,000,000-row report never sits
 * in memory.
 */
import type { REPORT_FORMATS, ReportFilter, ReportRow } from '../contract/report-schemas.js';
import type { CrawlReport } from './crawl-report.js';
import type { IssueMatcher } from './issue-filter.js';

/** A report download format. */
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The CSV columns, in order: header text and the row field. */
export const CSV_COLUMNS: ReadonlyArray<readonly [string, keyof ReportRow]> = [
  ['URL', 'url'],
  ['Status', 'status'],
  ['Verdict', 'verdict'],
  ['Verdict code', 'reason'],
  ['Title', 'title'],
  ['Depth', 'depth'],
  ['Inlinks', 'inlinks'],
  ['Response time (ms)', 'responseTimeMs'],
  ['Rendered', 'rendered'],
  ['Render reason', 'renderReason'],
  ['Content type', 'contentType'],
  ['Change', 'change'],
  ['Sitemap findings', 'sitemap'],
];

/** Media type and file name of each format. */
export const REPORT_FILES: Readonly<Record<ReportFormat, { contentType: string; suffix: string }>> =
  {
    csv: { contentType: 'text/csv; charset=utf-8', suffix: 'csv' },
    jsonl: { contentType: 'application/x-ndjson; charset=utf-8', suffix: 'jsonl' },
  };

/** One CSV field: quoted when it holds a comma, quote, CR or LF (RFC 4180), quotes doubled. */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  const text = typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record, CRLF-terminated. */
export function csvLine(row: ReportRow): string {
  return `${CSV_COLUMNS.map(([, field]) => csvField(row[field] ?? null)).join(',')}\r\n`;
}

const CHUNK_CHARS = 64 * 1024;

/** The CSV's first bytes: the BOM and the header record. */
export const CSV_HEAD = `\uFEFF${CSV_COLUMNS.map(([h]) => csvField(h)).join(',')}\r\n`;

/** The report as text chunks of about 64 KB: BOM and header first for CSV. */
export async function* reportChunks(
  rows: AsyncIterable<ReportRow>,
  format: ReportFormat,
): AsyncGenerator<string> {
  let chunk = format === 'csv' ? CSV_HEAD : '';
  for await (const row of rows) {
    chunk += format === 'csv' ? csvLine(row) : `${JSON.stringify(row)}\n`;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/**
 * The whole report as chunks of UTF-8 text, each a string or its bytes: the BOM and header for
 * CSV, then the lines SQLite writes (`CrawlReport.lines`, bytes), or, with an SEO issue filter
 * (which reads each record), the lines written here from the matching rows. Both shells stream
 * this to the user.
 */
export async function* reportText(
  report: CrawlReport,
  jobId: string,
  filter: ReportFilter,
  format: ReportFormat,
  issue?: IssueMatcher,
): AsyncGenerator<string | Uint8Array> {
  if (issue) {
    yield* reportChunks(report.rows(jobId, filter, issue), format);
    return;
  }
  if (format === 'csv') yield CSV_HEAD;
  yield* report.lines(jobId, filter, format);
}

/** The download's file name: `crawl-report-<host>.<csv|jsonl>`. */
export function reportFileName(startUrl: string, format: ReportFormat): string {
  return `crawl-report-${fileHost(startUrl)}.${REPORT_FILES[format].suffix}`;
}

/** A crawl's host as a safe part of a download's file name ("site" when there is none). */
export function fileHost(startUrl: string): string {
  try {
    return new URL(startUrl).hostname.replace(/[^a-z0-9.-]/gi, '_') || 'site';
  } catch {
    // A stored start URL is always absolute; the generic name is only a fallback.
    return 'site';
  }
}
