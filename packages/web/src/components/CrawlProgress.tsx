import { type ReactNode, useEffect, useState } from 'react';
import { formatElapsed, progressNote, progressPercent } from '../crawl/progress';

/**
 * The in-progress panel: pages found, elapsed time, bar, estimate and hint (spec §2, §9), and
 * on the crawl page what is being fetched and how many URLs wait. A crawl still `waiting` (its
 * job pending: the crawls ahead of it hold every slot) says so instead of claiming to crawl;
 * a `paused` one (issue 30) says it waits for its owner. `controls` are its Stop and Pause.
 */
export function CrawlProgress(props: {
  pages: number;
  startedAt: number | null;
  current?: string | null;
  queued?: number;
  waiting?: boolean;
  paused?: boolean;
  controls?: ReactNode;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const elapsed = props.startedAt ? (now - props.startedAt) / 1000 : 0;
  const percent = progressPercent(props.pages);

  return (
    <div className="crawl-progress" data-testid="crawl-progress">
      <h2 data-testid="progress-title">
        {props.paused ? 'Paused' : props.waiting ? 'Waiting to start...' : 'Crawling your site...'}
      </h2>
      <dl className="progress-stats">
        <div>
          <dt>Pages found</dt>
          <dd data-testid="pages-found">{props.pages}</dd>
        </div>
        <div>
          <dt>Elapsed time</dt>
          <dd>{formatElapsed(elapsed)}</dd>
        </div>
        {props.queued !== undefined && (
          <div>
            <dt>Waiting</dt>
            <dd data-testid="urls-waiting">{props.queued}</dd>
          </div>
        )}
      </dl>
      {props.current && !props.paused && (
        <p className="progress-current" data-testid="current-url">
          Fetching <span className="mono">{props.current}</span>
        </p>
      )}
      <div
        className="progress-track"
        role="progressbar"
        aria-label="Crawl progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="hint progress-estimate">
        {props.paused
          ? 'Nothing is fetched until you resume it; the pages crawled so far are kept.'
          : props.waiting
            ? 'Queued behind crawls already running; it starts as soon as one of them finishes.'
            : progressNote(elapsed, props.pages)}
      </p>
      {props.controls}
    </div>
  );
}
