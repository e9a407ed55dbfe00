/**
 * The audit's CSV download, written like the crawl report's (the same field quoting, UTF-8
 * with a BOM, CRLF) as a stream of chunks, so a 100,000-row audit never sits in memory.
 */
import type { AuditResult } from '../contract/audit-schemas.js';
import { csvField } from '../report/export.js';
import { auditVerdictText } from './verdicts.js';

/** The CSV columns, in order: header text and the value of a result. */
export const AUDIT_CSV_COLUMNS: ReadonlyArray<
  readonly [string, (r: AuditResult) => string | number | boolean | null]
> = [
  ['URL', (r) => r.url],
  ['Verdict', (r) => auditVerdictText(r)],
  ['Verdict code', (r) => r.verdict],
  ['Status', (r) => r.status],
  ['Redirect status', (r) => r.redirectStatus],
  ['Redirect target', (r) => r.redirectTarget],
  ['Noindex', (r) => r.noindex],
  ['Canonical elsewhere', (r) => r.canonical],
  ['Blocked by robots.txt', (r) => r.blocked],
  ['Content type', (r) => r.contentType],
  ['Response time (ms)', (r) => r.responseMs],
  ['Error', (r) => r.error],
  ['Sitemap', (r) => r.sitemap],
];

const CHUNK_CHARS = 64 * 1024;

/** The audit as CSV text chunks of about 64 KB, BOM and header first. */
export async function* auditCsv(rows: AsyncIterable<AuditResult>): AsyncGenerator<string> {
  let chunk = `\uFEFF${AUDIT_CSV_COLUMNS.map(([h]) => csvField(h)).join(',')}\r\n`;
  for await (const row of rows) {
    chunk += `${AUDIT_CSV_COLUMNS.map(([, value]) => csvField(value(row))).join(',')}\r\n`;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** The download's name: `sitemap-audit-<host or file>.csv`. */
export function auditFileName(source: string): string {
  let name = source;
  try {
    name = new URL(source).hostname;
  } catch {
    // An uploaded file's name: used as it is, made safe below.
  }
  return `sitemap-audit-${name.replace(/[^a-z0-9.-]/gi, '_') || 'sitemap'}.csv`;
}
