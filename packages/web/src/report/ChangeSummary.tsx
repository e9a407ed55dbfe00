import { type ChangeKind, type CrawlChanges, changeSummaryWords } from '@mapsmith/core/browser';
import { Link } from '@tanstack/react-router';
import { formatDateTime } from '../app/format';
import { NotMetUrls, SettingsChangedNote } from './NotMetUrls';

/**
 * The change report above the URL table (issue 13): "Since the crawl of 3 May: 12 added,
 * 3 removed, 41 changed", each figure a filter of the table (removed URLs have no row in this
 * crawl, so they are listed here).
 */
export function ChangeSummary(props: {
  changes: CrawlChanges;
  active?: ChangeKind;
  onPick(change: ChangeKind | undefined): void;
}) {
  const { summary } = props.changes;
  if (!summary) return null;
  const chips: [ChangeKind, number, string][] = [
    ['added', summary.added, 'added'],
    ['changed', summary.changed, 'changed'],
    ['newly-excluded', summary.newlyExcluded, 'newly excluded'],
    ['unchanged', summary.unchanged, 'unchanged'],
  ];
  return (
    <div className="change-summary" data-testid="change-summary">
      <p>
        <strong>Since the </strong>
        <Link
          to="/crawls/$jobId"
          params={{ jobId: summary.previousJobId }}
          search={{}}
          className="strong-link"
        >
          crawl of {formatDateTime(summary.previousAt)}
        </Link>
        : <span data-testid="change-words">{changeSummaryWords(summary)}</span>
      </p>
      <SettingsChangedNote summary={summary} />
      <ul aria-label="Filter by change since the previous crawl">
        {chips.map(([kind, count, words]) => {
          const active = props.active === kind;
          return (
            <li key={kind}>
              <button
                type="button"
                className="count-chip"
                data-change={kind}
                aria-pressed={active}
                disabled={count === 0 && !active}
                onClick={() => props.onPick(active ? undefined : kind)}
              >
                <strong>{count.toLocaleString('en-US')}</strong> {words}
              </button>
            </li>
          );
        })}
      </ul>
      <NotMetUrls changes={props.changes} />
    </div>
  );
}
