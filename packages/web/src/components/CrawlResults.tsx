import type { CrawlJob } from '@mapsmith/core/browser';
import { useAuth } from '../app/auth';
import { DownloadPanel } from './DownloadPanel';
import { PingBox } from './PingBox';
import { SeoCard } from './SeoCard';
import { UpgradeBanner } from './UpgradeBanner';

/** Preview size of the results panel (spec §9). */
export const PREVIEW_PAGES = 10;

/** The completed panel: count, ping, downloads, SEO card, upgrade banner and preview (spec §2). */
export function CrawlResults(props: { job: CrawlJob }) {
  const { user } = useAuth();
  const { job } = props;
  const results = job.results;
  const count = results.length || job.pagesCrawled;
  const more = results.length - PREVIEW_PAGES;
  return (
    <div className="crawl-results" data-testid="crawl-results">
      <h2>
        Your sitemap is ready: <span data-testid="page-count">{count}</span>{' '}
        {count === 1 ? 'page' : 'pages'}
      </h2>
      {job.notes?.length ? (
        <div className="notice" role="note" data-testid="crawl-notes">
          {job.notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
        </div>
      ) : null}
      <div className="results-grid">
        <div className="results-main">
          <DownloadPanel jobId={job.jobId} />
          <PingBox jobId={job.jobId} results={results} />
        </div>
        <SeoCard jobId={job.jobId} />
      </div>
      {!user?.isPro && <UpgradeBanner />}
      <section aria-labelledby="preview-title" className="preview">
        <h3 id="preview-title">Preview</h3>
        <ol className="preview-list">
          {results.slice(0, PREVIEW_PAGES).map((r) => (
            <li key={r.url}>
              <span className="preview-title">{r.title || 'Untitled page'}</span>
              <span className="preview-url">{r.url}</span>
            </li>
          ))}
        </ol>
        {more > 0 && <p className="muted">+ {more} more</p>}
      </section>
    </div>
  );
}
