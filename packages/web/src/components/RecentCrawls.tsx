import type { HistoryItem } from '@mapsmith/core/browser';
import { Link } from '@tanstack/react-router';
import { plural } from '../app/format';

/** Crawls the dashboard lists (spec §9). */
export const RECENT_CRAWLS = 5;

/** A completed crawl that listed nothing is not a success: it shows as the crawl page does. */
function nothingListed(item: HistoryItem): boolean {
  return item.status === 'completed' && item.listed === 0;
}

function statusClass(item: HistoryItem): 'completed' | 'failed' | 'pending' | 'empty' {
  if (nothingListed(item)) return 'empty';
  return item.status === 'completed' || item.status === 'failed' ? item.status : 'pending';
}

function statusLabel(item: HistoryItem): string {
  if (nothingListed(item)) return 'Nothing listed';
  if (item.status === 'completed') return 'Completed';
  if (item.status === 'failed') return 'Failed';
  if (item.status === 'paused') return 'Paused';
  return item.status === 'crawling' ? 'In progress' : 'Pending';
}

/**
 * Recent Crawls (spec §2): 5 newest, total badge, status colours, empty and loading states;
 * each opens its crawl's page.
 */
export function RecentCrawls(props: { items: HistoryItem[] | null }) {
  const items = props.items;
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
          <span className="badge" data-testid="crawl-count">
            {items.length}
          </span>
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
                  {plural(item.pagesCrawled, 'page')} ·{' '}
                  {new Date(item.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}
                  {item.completionTime !== undefined && ` · ${Math.round(item.completionTime)}s`}
                </span>
              </div>
              <span
                className={`badge status-${statusClass(item)}`}
                data-testid="crawl-status"
                title={
                  nothingListed(item)
                    ? (item.nothingListed ?? 'Nothing could be listed in a sitemap.')
                    : undefined
                }
              >
                {statusLabel(item)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
