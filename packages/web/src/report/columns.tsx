import {
  type ChangeKind,
  type ReportRow,
  type ReportSort,
  SITEMAP_FLAG_LABELS,
  SITEMAP_FLAGS,
  type SitemapFlag,
} from '@mapsmith/core/browser';
import type { ReactNode } from 'react';

/** What a cell may need besides its row: opening the row's detail. */
export interface CellContext {
  openUrl(url: string): void;
}

/**
 * One column of the URL table. The table draws whatever this list holds, so a later column
 * ("changed since the last crawl", "in the live sitemap") is one more entry here.
 */
export interface ReportColumn {
  key: string;
  label: string;
  /** The server-side sort this column's header asks for; none: not sortable. */
  sort?: ReportSort;
  /** Numbers align right. */
  numeric?: boolean;
  cell(row: ReportRow, ctx: CellContext): ReactNode;
}

function dash(value: string | number | null | undefined): ReactNode {
  return value === null || value === undefined || value === '' ? (
    <span className="muted">
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">none</span>
    </span>
  ) : (
    value
  );
}

/** The columns of the URL table, in order (issue 11 §2). */
export const REPORT_COLUMNS: ReportColumn[] = [
  {
    key: 'url',
    label: 'URL',
    sort: 'url',
    cell: (row, ctx) => (
      <button
        type="button"
        className="link-button url-cell"
        title={row.url}
        onClick={() => ctx.openUrl(row.url)}
      >
        {row.url}
      </button>
    ),
  },
  {
    key: 'status',
    label: 'Status',
    sort: 'status',
    numeric: true,
    cell: (row) => dash(row.status),
  },
  {
    key: 'verdict',
    label: 'Verdict',
    cell: (row) => (
      <span className="verdict" data-reason={row.reason}>
        {row.verdict}
      </span>
    ),
  },
  { key: 'title', label: 'Title', sort: 'title', cell: (row) => dash(row.title) },
  { key: 'depth', label: 'Depth', sort: 'depth', numeric: true, cell: (row) => row.depth },
  { key: 'inlinks', label: 'Inlinks', sort: 'inlinks', numeric: true, cell: (row) => row.inlinks },
  {
    key: 'responseTime',
    label: 'Response time',
    sort: 'responseTime',
    numeric: true,
    cell: (row) =>
      dash(row.responseTimeMs === null ? null : `${row.responseTimeMs.toLocaleString('en-US')} ms`),
  },
  {
    key: 'rendered',
    label: 'Rendered',
    cell: (row) => (row.rendered ? `Yes${row.renderReason ? `: ${row.renderReason}` : ''}` : 'No'),
  },
  { key: 'contentType', label: 'Content type', cell: (row) => dash(row.contentType) },
  {
    key: 'sitemap',
    label: 'Live sitemap',
    cell: (row) =>
      dash(
        row.sitemap
          ?.split(' ')
          .filter((f): f is SitemapFlag => SITEMAP_FLAGS.includes(f as SitemapFlag))
          .map((f) => SITEMAP_FLAG_LABELS[f])
          .join(', ') || null,
      ),
  },
];

/**
 * How a sort reads to people, for the table's caption: the column's own label ("response time"),
 * and the crawl's order for the default (walkthrough defect 49: the caption said "responseTime").
 */
export function sortWords(sort: ReportSort): string {
  const column = REPORT_COLUMNS.find((c) => c.sort === sort);
  if (!column) return 'crawl order';
  const { label } = column;
  return label === label.toUpperCase() ? label : label.toLowerCase();
}

/** The words of each change kind in the table (issue 13). */
export const CHANGE_WORDS: Readonly<Record<ChangeKind, string>> = {
  added: 'Added',
  changed: 'Changed',
  unchanged: 'Unchanged',
  'newly-excluded': 'Newly excluded',
};

/** The change column, shown after the verdict when the crawl has a change report. */
export const CHANGE_COLUMN: ReportColumn = {
  key: 'change',
  label: 'Change',
  cell: (row) =>
    row.change ? (
      <span className="change-kind" data-change={row.change}>
        {CHANGE_WORDS[row.change]}
      </span>
    ) : (
      dash(null)
    ),
};

/**
 * The table's columns: the change column joins them when the crawl was compared; the live
 * sitemap column only where the comparison can fill it (a Pro user on the hosted app), never a
 * column of dashes a free user cannot use (walkthrough defect 46).
 */
export function reportColumns(compared: boolean, liveSitemap: boolean): ReportColumn[] {
  const shown = liveSitemap ? REPORT_COLUMNS : REPORT_COLUMNS.filter((c) => c.key !== 'sitemap');
  if (!compared) return shown;
  const at = shown.findIndex((c) => c.key === 'verdict') + 1;
  return [...shown.slice(0, at), CHANGE_COLUMN, ...shown.slice(at)];
}
