import { describeCrawlSettings } from '@mapsmith/core/browser';
import {
  createLazyRoute,
  useLocation,
  useNavigate,
  useParams,
  useSearch,
} from '@tanstack/react-router';
import { useCallback } from 'react';
import { useAuth } from '../app/auth';
import { formatDateTime } from '../app/format';
import { usePageMeta } from '../app/page-meta';
import { useApi } from '../app/use-api';
import { CrawlControls } from '../components/CrawlControls';
import { CrawlFailed } from '../components/CrawlFailed';
import { CrawlProgress } from '../components/CrawlProgress';
import { CrawlResults } from '../components/CrawlResults';
import { SignInLink } from '../components/SignInLink';
import { useJob } from '../crawl/use-job';
import { CrawlReport } from '../report/CrawlReport';
import type { ReportSearch } from '../report/report-search';
import { SharePanel } from '../share/SharePanel';
import { SitemapCompareCard } from '../sitemap-compare/SitemapCompareCard';
import { NotFound } from './not-found';

function SignInFirst(props: { path: string }) {
  return (
    <div className="page">
      <section className="card crawl-signin">
        <h1>Sign in to see this crawl</h1>
        <p>Crawls belong to the account that started them.</p>
        <SignInLink returnTo={props.path} className="button primary">
          Sign in
        </SignInLink>
      </section>
    </div>
  );
}

function CrawlPage() {
  const { jobId } = useParams({ from: '/crawls/$jobId' });
  const search = useSearch({ from: '/crawls/$jobId' });
  const navigate = useNavigate();
  const location = useLocation();
  const api = useApi();
  const { status } = useAuth();
  // Hosted crawls belong to an account: read the job once the session is known to be one.
  const allowed = api.shell === 'desktop' || status === 'signed-in';
  const state = useJob(allowed ? jobId : null);
  const job = state.kind === 'job' ? state.job : null;
  const site = job?.url ?? null;
  usePageMeta({
    title: site ? `Crawl of ${site} | Mapsmith` : 'Crawl | Mapsmith',
    description: 'One crawl: its progress, sitemaps, SEO health and every URL it met.',
  });
  // Filters and the open URL replace the address (reload and share keep them) without a scroll.
  const onSearch = useCallback(
    (next: ReportSearch) =>
      void navigate({
        to: '/crawls/$jobId',
        params: { jobId },
        search: next,
        replace: true,
        resetScroll: false,
      }),
    [navigate, jobId],
  );

  if (state.kind === 'missing') return <NotFound />;
  if (!allowed && status === 'signed-out') return <SignInFirst path={location.href} />;
  const running = job !== null && job.status !== 'completed' && job.status !== 'failed';
  return (
    <div className="page crawl-page">
      <header className="crawl-head">
        <p className="eyebrow">Crawl report</p>
        <h1 className="crawl-site">{site ?? 'Crawl'}</h1>
        {job && (
          <p className="muted">
            Started {formatDateTime(job.createdAt)}
            {job.finishedAt ? ` · ended ${formatDateTime(job.finishedAt)}` : ''}
          </p>
        )}
        {job && describeCrawlSettings(job.settings).length > 0 && (
          <p className="crawled-with" data-testid="crawled-with">
            Crawled with: {describeCrawlSettings(job.settings).join(', ')}
          </p>
        )}
      </header>
      <div className="crawl-panel card" aria-live="polite" aria-busy={state.kind === 'loading'}>
        {(state.kind === 'loading' || state.kind === 'none') && (
          <p className="muted" role="status">
            Loading the crawl...
          </p>
        )}
        {state.kind === 'error' && <CrawlFailed error={state.message} />}
        {running && (
          <CrawlProgress
            pages={job.progress?.pagesFound ?? job.pagesCrawled}
            startedAt={Date.parse(job.createdAt)}
            live={job.progress}
            queued={job.progress?.queued}
            waiting={job.status === 'pending'}
            paused={job.status === 'paused'}
            controls={<CrawlControls job={job} />}
          />
        )}
        {job?.status === 'failed' && <CrawlFailed error={job.error} />}
        {job?.status === 'completed' && (
          <CrawlResults
            job={job}
            more={
              <a href="#urls" className="preview-more">
                See every URL in the table below
              </a>
            }
          />
        )}
      </div>
      {job?.status === 'completed' && <SitemapCompareCard jobId={jobId} />}
      {/* The client report (issue 29 point 3): its PDF in both shells, share links hosted. */}
      {job?.status === 'completed' && <SharePanel jobId={jobId} />}
      {job?.status === 'completed' && (
        <CrawlReport jobId={jobId} search={search} onSearch={onSearch} />
      )}
    </div>
  );
}

/** The lazily loaded half of `/crawls/{jobId}` (the route itself is in `crawl.tsx`). */
export const crawlLazyRoute = createLazyRoute('/crawls/$jobId')({
  component: CrawlPage,
});
