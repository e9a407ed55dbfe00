import type { CrawlsListItem } from '@mapsmith/core/browser';
import { Link } from '@tanstack/react-router';
import { formatDateTime } from '../app/format';
import { ConfirmDelete } from '../components/ConfirmDelete';
import { statusClass, statusLabel, statusTitle } from './crawl-status';

/**
 * The history table (issue 26): one row per crawl, a real `<table>` with a caption, in a
 * focusable region that scrolls sideways on narrow screens. Each site opens its crawl's
 * report; a completed crawl can be picked for comparison; an ended crawl can be deleted after
 * the inline confirmation.
 */
export function HistoryTable(props: {
  items: CrawlsListItem[];
  caption: string;
  picked: readonly string[];
  onPick(id: string, on: boolean): void;
  deleting: string | null;
  busy: boolean;
  onAskDelete(id: string | null): void;
  onDelete(item: CrawlsListItem): void;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
    <section className="table-scroll" aria-label="Crawls" tabIndex={0}>
      <table className="url-table history-table" data-testid="history-table">
        <caption className="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">Site</th>
            <th scope="col">Status</th>
            <th scope="col">Started</th>
            <th scope="col" className="num">
              Pages
            </th>
            <th scope="col" className="num">
              SEO score
            </th>
            <th scope="col">Compare</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {props.items.map((item) => {
            const ended = item.status === 'completed' || item.status === 'failed';
            return (
              <tr key={item.id} data-testid="history-row">
                <td data-label="Site" className="col-url">
                  <Link to="/crawls/$jobId" params={{ jobId: item.id }} search={{}}>
                    {item.url}
                  </Link>
                </td>
                <td data-label="Status">
                  <span className={`badge status-${statusClass(item)}`} title={statusTitle(item)}>
                    {statusLabel(item)}
                  </span>
                </td>
                <td data-label="Started" className="nowrap">
                  {formatDateTime(item.createdAt)}
                </td>
                <td data-label="Pages" className="num">
                  {item.pagesCrawled.toLocaleString('en-US')}
                </td>
                <td data-label="SEO score" className="num">
                  {item.score === null ? (
                    <span title="Scored when its report is first opened">
                      <span aria-hidden="true">–</span>
                      <span className="visually-hidden">Not scored yet</span>
                    </span>
                  ) : (
                    Math.round(item.score)
                  )}
                </td>
                <td data-label="Compare">
                  {item.status === 'completed' ? (
                    <input
                      type="checkbox"
                      checked={props.picked.includes(item.id)}
                      aria-label={`Compare the crawl of ${item.url} from ${formatDateTime(item.createdAt)}`}
                      onChange={(e) => props.onPick(item.id, e.target.checked)}
                    />
                  ) : null}
                </td>
                <td data-label="Actions">
                  {props.deleting === item.id ? (
                    <ConfirmDelete
                      question={`Delete this crawl of ${item.url} and its files?`}
                      confirmLabel="Delete crawl"
                      busy={props.busy}
                      onConfirm={() => props.onDelete(item)}
                      onCancel={() => props.onAskDelete(null)}
                    />
                  ) : ended ? (
                    <button
                      type="button"
                      className="button small"
                      aria-label={`Delete the crawl of ${item.url} from ${formatDateTime(item.createdAt)}`}
                      onClick={() => props.onAskDelete(item.id)}
                    >
                      Delete
                    </button>
                  ) : (
                    <span className="muted small">Running</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
