import type { ReportRow, ReportSort } from '@mapsmith/core/browser';
import { type CellContext, REPORT_COLUMNS, type ReportColumn } from './columns';

/** The sort a header click asks for: the same column flips its direction. */
function nextSort(
  column: ReportSort,
  sort: ReportSort,
  dir: 'asc' | 'desc',
): { sort: ReportSort; dir: 'asc' | 'desc' } {
  return { sort: column, dir: column === sort && dir === 'asc' ? 'desc' : 'asc' };
}

/**
 * The URL table: one row per URL, a real `<table>` with column headers; sortable headers are
 * buttons that say their state through `aria-sort`. Narrow screens scroll it sideways in a
 * focusable region, so keyboard users can scroll it too.
 */
export function UrlTable(
  props: {
    rows: ReportRow[];
    sort: ReportSort;
    dir: 'asc' | 'desc';
    onSort(next: { sort: ReportSort; dir: 'asc' | 'desc' }): void;
    caption: string;
    busy: boolean;
    /** The columns to draw; default `REPORT_COLUMNS`. */
    columns?: ReportColumn[];
  } & CellContext,
) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
    <section className="table-scroll" aria-label="URL table" tabIndex={0}>
      <table className="url-table" aria-busy={props.busy} data-testid="url-table">
        <caption className="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            {(props.columns ?? REPORT_COLUMNS).map((col) => {
              const active = col.sort !== undefined && col.sort === props.sort;
              return (
                <th
                  key={col.key}
                  scope="col"
                  className={col.numeric ? 'num' : undefined}
                  aria-sort={
                    active ? (props.dir === 'asc' ? 'ascending' : 'descending') : undefined
                  }
                >
                  {col.sort ? (
                    <button
                      type="button"
                      className="sort-button"
                      onClick={() =>
                        col.sort && props.onSort(nextSort(col.sort, props.sort, props.dir))
                      }
                    >
                      {col.label}
                      <span aria-hidden="true" className="sort-mark">
                        {active ? (props.dir === 'asc' ? ' ▲' : ' ▼') : ''}
                      </span>
                    </button>
                  ) : (
                    col.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={row.id} data-reason={row.reason}>
              {(props.columns ?? REPORT_COLUMNS).map((col) => (
                <td key={col.key} className={col.numeric ? 'num' : `col-${col.key}`}>
                  {col.cell(row, props)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
