import type { HistoryItem } from '@mapsmith/core/browser';
import { Link } from '@tanstack/react-router';
import { formatDateTime, plural } from '../app/format';
import { statusClass, statusLabel, statusTitle } from '../history/crawl-status';

/** Crawls the dashboard lists (spec §9). */
export const RECENT_CRAWLS = 5;

/**
 * Recent Crawls (spec §2): 5 newest, total badge, status colours, empty and loading states;
 * each opens its crawl's page; the badge and "View all" open the history (issue 26).
 */
export function RecentCrawls(props: { items: HistoryItem[] | null; total?: number | undefined }) {
  const items = props.items;
  // The history lists at most 100; the analytics count every crawl.
  const total = Math.max(props.total ?? 0, items?.length ?? 0);
  const newest = items
    ? [...items]
        .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
        .slice(0, RECENT_CRAWLS)
    : [];
  return (
    <section className="card recent" aria-labelledby="recent-title" aria-busy={items === null}>
      <h2 id="recent-title" className="card-title">
        Recent Crawls{' '}
        {items && (
          <Link
            to="/crawls"
            search={{}}
            className="badge badge-link"
            data-testid="crawl-count"
            aria-label={`All ${plural(total, 'crawl')}`}
          >
            {total.toLocaleString('en-US')}
          </Link>
        )}
      </h2>
      {items === null ? (
        <ul className="crawl-list">
          {[0, 1, 2].map((i) => (
            <li key={i} className="skeleton-row" aria-hidden="true" />
          ))}
        </ul>
      ) : newest.length === 0 ? (
        <div className="empty-state">
          <p>No crawls yet</p>
          <Link to="/" className="button primary">
            Generate Your First Sitemap
          </Link>
        </div>
      ) : (
        <ul className="crawl-list" data-testid="recent-crawls">
          {newest.map((item) => (
            <li key={item.id} className="crawl-row">
              <div className="crawl-row-main">
                <Link to="/crawls/$jobId" params={{ jobId: item.id }} className="crawl-url">
                  {item.url}
                </Link>
                <span className="muted small">
                  {plural(item.pagesCrawled, 'page')} · {formatDateTime(item.createdAt)}
                  {item.completionTime !== undefined && ` · ${Math.round(item.completionTime)}s`}
                </span>
              </div>
              <span
                className={`badge status-${statusClass(item)}`}
                data-testid="crawl-status"
                title={statusTitle(item)}
              >
                {statusLabel(item)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {items && items.length > 0 && (
        <p className="recent-all">
          <Link to="/crawls" search={{}} data-testid="view-all-crawls">
            View all {plural(total, 'crawl')}
          </Link>
        </p>
      )}
    </section>
  );
}
