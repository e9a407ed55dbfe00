import { type CrawlLiveProgress, seconds, slowPagesNote } from '@mapsmith/core/browser';
import { type ReactNode, useEffect, useState } from 'react';
import { agree, plural } from '../app/format';
import { formatElapsed, progressNote, progressPercent } from '../crawl/progress';

/**
 * The in-progress panel: pages found, elapsed time, bar, estimate and hint (spec §2, §9), and
 * on the crawl page what is being fetched and how many URLs wait. `live` names the URLs in
 * flight and, when some run longer than a second, the note that the crawl waits for slow pages
 * (instead of the size hint, which would promise a quick end). A crawl still `waiting` (its
 * job pending: the crawls ahead of it hold every slot) says so instead of claiming to crawl;
 * a `paused` one (issue 30) says it waits for its owner. `controls` are its Stop and Pause.
 */
export function CrawlProgress(props: {
  pages: number;
  startedAt: number | null;
  /** The job's live progress: in-flight URLs and slow-page waits. */
  live?: CrawlLiveProgress | null;
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
  const live = props.paused ? null : props.live;
  // Rows written before in-flight URLs were kept name only the URL most recently started.
  const inFlight =
    live?.inFlight ?? (live?.currentUrl ? [{ url: live.currentUrl, elapsedMs: -1 }] : []);
  const slowNote = live ? slowPagesNote(live) : null;

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
      {inFlight.length > 0 && (
        <div className="progress-current" data-testid="in-flight">
          <p>{agree(inFlight.length, 'Fetching', `Fetching ${plural(inFlight.length, 'URL')}`)}</p>
          <ul className="in-flight-list">
            {inFlight.map((f) => (
              <li key={f.url} data-testid="in-flight-url">
                <span className="mono">{f.url}</span>
                {f.elapsedMs >= 1000 && <span className="muted"> for {seconds(f.elapsedMs)}</span>}
              </li>
            ))}
          </ul>
        </div>
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
      <p className="hint progress-estimate" data-testid={slowNote ? 'slow-note' : undefined}>
        {props.paused
          ? 'Nothing is fetched until you resume it; the pages crawled so far are kept.'
          : props.waiting
            ? 'Queued behind crawls already running; it starts as soon as one of them finishes.'
            : (slowNote ?? progressNote(elapsed, props.pages))}
      </p>
      {props.controls}
    </div>
  );
}
