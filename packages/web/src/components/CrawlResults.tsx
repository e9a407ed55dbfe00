import { type CrawlJob, isPartialOutcome, PAGE_COUNT_RULE } from '@mapsmith/core/browser';
import type { ReactNode } from 'react';
import { useAuth } from '../app/auth';
import { agree } from '../app/format';
import { DownloadPanel } from './DownloadPanel';
import { PingBox } from './PingBox';
import { SeoCard } from './SeoCard';
import { UpgradeBanner } from './UpgradeBanner';

/** Preview size of the results panel (spec §9). */
export const PREVIEW_PAGES = 10;

/**
 * The completed panel: count, ping, downloads, SEO card, upgrade banner and preview (spec §2),
 * told honestly (issue 11 §6): a crawl that listed nothing says why in one sentence, shows no
 * score and disables its downloads with that reason; a crawl a cap stopped says so.
 * `action` is drawn under the headline (the home page's link to the crawl's page), `more` after
 * the preview's "+ N more" (the crawl page links it to the URL table).
 */
export function CrawlResults(props: { job: CrawlJob; action?: ReactNode; more?: ReactNode }) {
  const { user } = useAuth();
  const { job } = props;
  const results = job.results;
  const outcome = job.outcome ?? null;
  const listed = outcome?.listed ?? job.resultsTotal ?? (results.length || job.pagesCrawled);
  const nothing = outcome
    ? (outcome.nothingListed ?? (listed === 0 ? 'Nothing was listed.' : null))
    : null;
  // A crawl something stopped early lists only part of the site: said in the headline and in
  // a warning, so nobody uploads a truncated sitemap believing it complete (defect 15).
  const partial = outcome !== null && nothing === null && isPartialOutcome(outcome);
  const more = listed - Math.min(results.length, PREVIEW_PAGES);
  return (
    <div className="crawl-results" data-testid="crawl-results" data-empty={nothing !== null}>
      {nothing ? (
        <>
          <h2>Nothing to list in a sitemap</h2>
          <p className="notice notice-warning" data-testid="nothing-listed">
            {nothing}
          </p>
        </>
      ) : (
        <h2 data-partial={partial}>
          {partial ? 'Partial sitemap' : 'Your sitemap is ready'}:{' '}
          <span data-testid="page-count">{listed.toLocaleString('en-US')}</span>{' '}
          {agree(listed, 'page')}
        </h2>
      )}
      {outcome && (
        <p className="muted pages-text">
          <span data-testid="pages-text">{outcome.pagesText}</span>
        </p>
      )}
      {outcome && (
        <details className="small muted page-count-rule">
          <summary>What counts as a page?</summary>
          <p>{PAGE_COUNT_RULE}</p>
        </details>
      )}
      {props.action}
      {outcome?.endSentence && (
        <p
          className={partial ? 'notice notice-warning' : 'notice'}
          role="note"
          data-testid="crawl-end"
        >
          {outcome.endSentence}
        </p>
      )}
      {job.notes?.length ? (
        <div className="notice" role="note" data-testid="crawl-notes">
          {job.notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
        </div>
      ) : null}
      <div className="results-grid">
        <div className="results-main">
          <DownloadPanel
            jobId={job.jobId}
            availability={outcome?.downloads}
            disabledReason={nothing}
            lastmodNote={outcome?.lastmodNote}
          />
          {!nothing && <PingBox jobId={job.jobId} results={results} />}
        </div>
        {nothing ? (
          <section
            className="seo-card seo-card-empty card"
            aria-labelledby="seo-title"
            data-testid="seo-card"
          >
            <h3 id="seo-title">SEO Analysis</h3>
            <p className="muted">No score: the crawl listed no page to analyse.</p>
          </section>
        ) : (
          <SeoCard jobId={job.jobId} />
        )}
      </div>
      {!user?.isPro && <UpgradeBanner />}
      {!nothing && (
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
          {props.more}
        </section>
      )}
    </div>
  );
}
