import type { ReportCount, ReportReason } from '@mapsmith/core/browser';

/**
 * The figures above the table ("4,650 listed · 150 noindex · 124 redirects …"), largest first
 * as the server orders them; each one filters the table to its verdict.
 */
export function ReportCounts(props: {
  counts: ReportCount[];
  total: number;
  active?: ReportReason;
  onPick(reason: ReportReason | undefined): void;
}) {
  return (
    <div className="report-counts" data-testid="report-counts">
      <span className="report-total">
        {props.total.toLocaleString('en-US')} {props.total === 1 ? 'URL' : 'URLs'}:
      </span>
      <ul aria-label="URLs per verdict">
        {props.counts.map((c) => {
          const active = props.active === c.reason;
          return (
            <li key={c.reason}>
              <button
                type="button"
                className="count-chip"
                data-reason={c.reason}
                aria-pressed={active}
                onClick={() => props.onPick(active ? undefined : c.reason)}
              >
                <strong>{c.count.toLocaleString('en-US')}</strong> {c.label}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
