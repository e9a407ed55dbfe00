import { PAGE_META } from '@mapsmith/core/browser';
import { createRoute, Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '../app/auth';
import { useFieldErrors } from '../app/field-errors';
import { usePageMeta } from '../app/page-meta';
import { scrollToHash } from '../app/scroll';
import { jobSearch } from '../app/search';
import { useApi } from '../app/use-api';
import { CheckerSection } from '../components/CheckerSection';
import { CrawlControls } from '../components/CrawlControls';
import { CrawlFailed } from '../components/CrawlFailed';
import { CrawlProgress } from '../components/CrawlProgress';
import { CrawlResults } from '../components/CrawlResults';
import { CrawlSettingsPanel, type SettingsLock } from '../components/CrawlSettingsPanel';
import { GuidesSection } from '../components/GuidesSection';
import { Hero } from '../components/Hero';
import { InfoSections } from '../components/InfoSections';
import { PricingSection } from '../components/PricingSection';
import { peekPendingCrawl, takePendingCrawl } from '../crawl/pending-crawl';
import { PANEL_SCROLL_DELAY_MS } from '../crawl/progress';
import { EMPTY_SETTINGS_FORM, settingsFromForm } from '../crawl/settings-form';
import { CRAWL_FIELDS, useCrawl } from '../crawl/use-crawl';
import { rootRoute } from './__root';

function Home() {
  usePageMeta(PAGE_META['/']);
  const { job } = indexRoute.useSearch();
  const navigate = useNavigate();
  // The crawl's id goes into the address, so reloading the page shows the same crawl again.
  const follow = useCallback(
    (jobId: string) => void navigate({ to: '/', search: { job: jobId } }),
    [navigate],
  );
  const fields = useFieldErrors(CRAWL_FIELDS);
  const crawl = useCrawl(job ?? null, follow, fields);
  const { start } = crawl;
  const auth = useAuth();
  const api = useApi();
  const [pending] = useState(peekPendingCrawl);
  const [settings, setSettings] = useState(EMPTY_SETTINGS_FORM);
  const lock: SettingsLock = auth.user?.isPro
    ? null
    : api.shell === 'desktop'
      ? 'desktop-free'
      : auth.status === 'signed-in'
        ? 'free'
        : 'signed-out';
  const generate = useCallback(
    // A locked panel sends nothing, whatever was typed before the lock showed.
    (url: string) => void start(url, lock ? undefined : settingsFromForm(settings)),
    [start, lock, settings],
  );
  const panel = useRef<HTMLDivElement>(null);
  const started = crawl.phase !== 'idle' && crawl.phase !== 'starting';

  // Back from signing in with a crawl asked for while signed out: start it, once.
  useEffect(() => {
    if (auth.status !== 'signed-in') return;
    const url = takePendingCrawl();
    if (url) void start(url);
  }, [auth.status, start]);

  // Arriving from another page with #section: scroll there once the sections exist.
  useEffect(() => {
    if (window.location.hash) {
      const timer = window.setTimeout(() => scrollToHash(window.location.hash), 0);
      return () => window.clearTimeout(timer);
    }
  }, []);

  useEffect(() => {
    if (!started || !crawl.startedAt) return;
    const timer = window.setTimeout(
      () => panel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
      PANEL_SCROLL_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [started, crawl.startedAt]);

  return (
    <div className="home">
      <Hero
        phase={crawl.phase}
        onGenerate={generate}
        initialUrl={pending ?? ''}
        job={crawl.job}
        fields={fields}
        settings={
          <CrawlSettingsPanel value={settings} onChange={setSettings} lock={lock} fields={fields} />
        }
      />
      {started && (
        <div ref={panel} className="crawl-panel card" aria-live="polite">
          {crawl.phase === 'crawling' && crawl.job && (
            <>
              <CrawlProgress
                pages={crawl.job.progress?.pagesFound ?? crawl.job.pagesCrawled}
                startedAt={crawl.startedAt}
                live={crawl.job.progress}
                waiting={crawl.job.status === 'pending'}
                paused={crawl.job.status === 'paused'}
                controls={<CrawlControls job={crawl.job} />}
              />
              <p className="follow-link">
                <Link to="/crawls/$jobId" params={{ jobId: crawl.job.jobId }}>
                  Follow this crawl on its own page
                </Link>
              </p>
            </>
          )}
          {crawl.phase === 'failed' && <CrawlFailed error={crawl.error} />}
          {crawl.phase === 'completed' && crawl.job && (
            <CrawlResults
              job={crawl.job}
              action={
                <p className="report-link">
                  <Link
                    to="/crawls/$jobId"
                    params={{ jobId: crawl.job.jobId }}
                    className="button primary"
                  >
                    Open the full crawl report
                  </Link>
                </p>
              }
            />
          )}
        </div>
      )}
      <InfoSections />
      <PricingSection />
      <GuidesSection />
      <CheckerSection />
    </div>
  );
}

/** `/`: the home page (spec §2). */
export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: jobSearch,
  component: Home,
});
