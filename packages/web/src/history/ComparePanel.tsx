import { type CrawlChanges, changeSummaryWords } from '@mapsmith/core/browser';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { formatDateTime } from '../app/format';
import { NotMetUrls, SettingsChangedNote } from '../report/NotMetUrls';

/** Two crawls of one site picked for comparison, the newer first. */
export interface ComparedPair {
  newer: { id: string; url: string; createdAt: string };
  older: { id: string; url: string; createdAt: string };
}

/**
 * The change report between two crawls of one site picked in the history (issue 26): the
 * figures in words, and the URLs the older crawl listed that the newer never met.
 */
export function ComparePanel(props: {
  pair: ComparedPair;
  changes: CrawlChanges;
  onClose(): void;
}) {
  const { pair, changes } = props;
  const summary = changes.summary;
  const heading = useRef<HTMLHeadingElement>(null);
  // The result appears above the table: take keyboard and screen reader users to it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      className="card compare-panel"
      aria-labelledby="compare-title"
      data-testid="compare-panel"
    >
      <h2 id="compare-title" className="card-title" tabIndex={-1} ref={heading}>
        {pair.newer.url}: {formatDateTime(pair.older.createdAt)} to{' '}
        {formatDateTime(pair.newer.createdAt)}
      </h2>
      {summary && (
        <p data-testid="compare-words">
          Since the crawl of{' '}
          <Link to="/crawls/$jobId" params={{ jobId: pair.older.id }} search={{}}>
            {formatDateTime(pair.older.createdAt)}
          </Link>
          , the crawl of{' '}
          <Link to="/crawls/$jobId" params={{ jobId: pair.newer.id }} search={{}}>
            {formatDateTime(pair.newer.createdAt)}
          </Link>{' '}
          has {changeSummaryWords(summary)} ({summary.unchanged.toLocaleString('en-US')} unchanged).
        </p>
      )}
      {summary && <SettingsChangedNote summary={summary} />}
      <NotMetUrls changes={changes} />
      <button type="button" className="button" onClick={props.onClose}>
        Close the comparison
      </button>
    </section>
  );
}
