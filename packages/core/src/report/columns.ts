/**
 * The report columns each shell stores beside a page record, so the URL table filters, sorts
 * and pages in SQL without parsing records. Both shells' page tables have these columns (server
 * migration 20, desktop migration 2); `reportColumns` fills them from a record.
 */
import type { ReportReason } from '../contract/report-schemas.js';
import type { CrawledPage } from '../crawler/types.js';
import { countsAsPage } from '../limits/page-count.js';
import { reasonOf, verdictWords } from './verdict-words.js';

/**
 * A stored row that got no answer (outside the site, blocked, not fetched, no response): its
 * `status` column is 0, and it has neither a status nor a response time to show, export or
 * sort by (`noAnswer` in JavaScript, this in SQL).
 */
export const NO_ANSWER_SQL = 'status = 0';

/** Whether a stored row got no answer (`NO_ANSWER_SQL`). */
export function noAnswer(row: { status: number }): boolean {
  return row.status === 0;
}

/** The stored report columns of one URL. */
export interface ReportColumns {
  status: number;
  reason: ReportReason;
  verdict: string;
  depth: number;
  response_ms: number;
  content_type: string | null;
  rendered: number;
  render_reason: string | null;
  /** 1 when the record counts as a page (`countsAsPage`). */
  is_page: number;
}

/** The column names, in the order `reportValues` gives them. */
export const REPORT_COLUMN_NAMES = [
  'status',
  'reason',
  'verdict',
  'depth',
  'response_ms',
  'content_type',
  'rendered',
  'render_reason',
  'is_page',
] as const;

/** The report columns of a record. */
export function reportColumns(page: CrawledPage): ReportColumns {
  return {
    // A redirecting URL's own answer is its first hop; `status` of the record is the target's.
    status: page.redirectChain[0]?.status ?? page.status,
    reason: reasonOf(page),
    verdict: verdictWords(page),
    depth: page.depth,
    response_ms: Math.round(page.responseTimeMs),
    content_type: page.contentType,
    rendered: page.rendered ? 1 : 0,
    render_reason: page.renderReason,
    is_page: countsAsPage(page) ? 1 : 0,
  };
}

/** The report column values of a record, in `REPORT_COLUMN_NAMES` order (for INSERT). */
export function reportValues(page: CrawledPage): (string | number | null)[] {
  const c = reportColumns(page);
  return REPORT_COLUMN_NAMES.map((name) => c[name]);
}
