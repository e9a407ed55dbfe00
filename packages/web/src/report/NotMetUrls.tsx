import type { CrawlChanges } from '@mapsmith/core/browser';
import { agree, plural } from '../app/format';

/**
 * Says that the two crawls of a change report ran with different settings (issue 25 point 5):
 * URLs the earlier crawl listed and the later one did not reach are then left out by the new
 * settings, not removed. Nothing when the two crawls compare like with like.
 */
export function SettingsChangedNote(props: { summary: NonNullable<CrawlChanges['summary']> }) {
  const { settingsChanged, leftOut } = props.summary;
  if (settingsChanged.length === 0) return null;
  return (
    <p className="notice notice-warning small" data-testid="change-settings">
      The crawl settings differ between the two crawls ({settingsChanged.join(', ')}), so this is
      not like with like: {plural(leftOut, 'URL')} listed then and not reached this time{' '}
      {agree(leftOut, 'is', 'are')} counted as left out by the new settings, not as removed.
    </p>
  );
}

/**
 * The URLs the earlier crawl listed that the later one never met: removed, or left out by
 * changed settings, as the summary counts them (the first 500 are listed).
 */
export function NotMetUrls(props: { changes: CrawlChanges }) {
  const { summary, removed } = props.changes;
  if (!summary || removed.length === 0) return null;
  const total = summary.leftOut > 0 ? summary.leftOut : summary.removed;
  return (
    <details className="removed-urls" data-testid="not-met-urls">
      <summary>
        {summary.leftOut > 0
          ? `${plural(total, 'URL')} left out by the new settings (listed before, not reached this time)`
          : `${plural(total, 'removed URL')} (listed before, not found this time)`}
      </summary>
      <ul>
        {removed.map((r) => (
          <li key={r.url}>{r.url}</li>
        ))}
      </ul>
      {total > removed.length && (
        <p className="muted small">The first {removed.length.toLocaleString('en-US')} are shown.</p>
      )}
    </details>
  );
}
