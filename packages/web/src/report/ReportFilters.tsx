import {
  type ReportCount,
  type ReportFilter,
  type ReportReason,
  SITEMAP_FLAG_LABELS,
  SITEMAP_FLAGS,
} from '@mapsmith/core/browser';
import { type FormEvent, useEffect, useState } from 'react';
import { chartFilterWords } from './chart-filter-words';
import { isFiltered } from './report-search';

/**
 * The table's filter bar: verdict, reason (the reasons this crawl has, with their counts),
 * search by URL or title, and the SEO issue the table was opened for. Each change goes into
 * the address, so the filtered table can be reloaded and shared.
 */
export function ReportFilters(props: {
  filter: ReportFilter;
  counts: ReportCount[];
  /** The words of the SEO issue filtered to, when known. */
  issueLabel?: string;
  /** Offer the live sitemap filter (a Pro user of the hosted app, where the comparison exists). */
  sitemap?: boolean;
  onChange(next: ReportFilter): void;
}) {
  const { filter, onChange } = props;
  const [q, setQ] = useState(filter.q ?? '');
  const chartWords = chartFilterWords(filter);
  useEffect(() => setQ(filter.q ?? ''), [filter.q]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const words = q.trim();
    onChange({ ...filter, q: words || undefined });
  };
  return (
    <form className="report-filters" onSubmit={submit} aria-label="Filter the URL table">
      <div className="filter-field">
        <label htmlFor="filter-verdict">Verdict</label>
        <select
          id="filter-verdict"
          value={filter.verdict ?? ''}
          onChange={(e) =>
            onChange({
              ...filter,
              verdict: (e.target.value || undefined) as ReportFilter['verdict'],
            })
          }
        >
          <option value="">Listed and excluded</option>
          <option value="listed">Listed</option>
          <option value="excluded">Excluded</option>
        </select>
      </div>
      <div className="filter-field">
        <label htmlFor="filter-reason">Reason</label>
        <select
          id="filter-reason"
          value={filter.reason ?? ''}
          onChange={(e) =>
            onChange({ ...filter, reason: (e.target.value || undefined) as ReportReason })
          }
        >
          <option value="">Any reason</option>
          {props.counts.map((c) => (
            <option key={c.reason} value={c.reason}>
              {c.label} ({c.count.toLocaleString('en-US')})
            </option>
          ))}
          {filter.reason && !props.counts.some((c) => c.reason === filter.reason) && (
            <option value={filter.reason}>{filter.reason} (0)</option>
          )}
        </select>
      </div>
      {props.sitemap && (
        <div className="filter-field">
          <label htmlFor="filter-sitemap">Live sitemap</label>
          <select
            id="filter-sitemap"
            value={filter.sitemap ?? ''}
            onChange={(e) =>
              onChange({
                ...filter,
                sitemap: (e.target.value || undefined) as ReportFilter['sitemap'],
              })
            }
          >
            <option value="">Any</option>
            {SITEMAP_FLAGS.map((f) => (
              <option key={f} value={f}>
                {SITEMAP_FLAG_LABELS[f]}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="filter-field filter-search">
        <label htmlFor="filter-q">Search URL or title</label>
        <input
          id="filter-q"
          type="search"
          value={q}
          maxLength={200}
          placeholder="/blog, pricing…"
          onChange={(e) => setQ(e.target.value)}
        />
      </div>
      <div className="filter-actions">
        <button type="submit" className="button">
          Search
        </button>
        {isFiltered(filter) && (
          <button
            type="button"
            className="button ghost"
            onClick={() => onChange({ sort: filter.sort, dir: filter.dir })}
          >
            Clear filters
          </button>
        )}
      </div>
      {chartWords && (
        <p className="filter-issue" data-testid="chart-filter">
          From the charts: <strong>{chartWords}</strong>{' '}
          <button
            type="button"
            className="button small ghost"
            onClick={() =>
              onChange({
                ...filter,
                depth: undefined,
                httpStatus: undefined,
                time: undefined,
                under: undefined,
              })
            }
          >
            Remove the chart filter
          </button>
        </p>
      )}
      {filter.issue && (
        <p className="filter-issue">
          SEO issue: <strong>{props.issueLabel ?? filter.issue}</strong>{' '}
          <button
            type="button"
            className="button small ghost"
            onClick={() => onChange({ ...filter, issue: undefined })}
          >
            Remove this issue filter
          </button>
        </p>
      )}
    </form>
  );
}
