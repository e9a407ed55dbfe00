import type { ReportReason } from '@mapsmith/core/browser';
import { plural } from '../app/format';

/** One figure: a group, its words and its count (the crawl report's verdicts, the audit's). */
export interface CountChip<R extends string> {
  reason: R;
  label: string;
  count: number;
}

/**
 * The figures above the table ("4,650 listed · 150 noindex · 124 redirects …"), largest first
 * as the server orders them; each one filters the table to its verdict. The sitemap audit's
 * table uses it too, with its own verdicts.
 */
export function ReportCounts<R extends string = ReportReason>(props: {
  counts: CountChip<R>[];
  total: number;
  active?: R | undefined;
  onPick(reason: R | undefined): void;
}) {
  return (
    <div className="report-counts" data-testid="report-counts">
      <span className="report-total">{plural(props.total, 'URL')}:</span>
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
