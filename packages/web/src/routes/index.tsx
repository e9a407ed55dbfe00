import { PAGE_META } from '@mapsmith/core/browser';
import { createRoute } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '../app/auth';
import { usePageMeta } from '../app/page-meta';
import { scrollToHash } from '../app/scroll';
import { CheckerSection } from '../components/CheckerSection';
import { CrawlFailed } from '../components/CrawlFailed';
import { CrawlProgress } from '../components/CrawlProgress';
import { CrawlResults } from '../components/CrawlResults';
import { GuidesSection } from '../components/GuidesSection';
import { Hero } from '../components/Hero';
import { InfoSections } from '../components/InfoSections';
import { PricingSection } from '../components/PricingSection';
import { peekPendingCrawl, takePendingCrawl } from '../crawl/pending-crawl';
import { PANEL_SCROLL_DELAY_MS } from '../crawl/progress';
import { useCrawl } from '../crawl/use-crawl';
import { rootRoute } from './__root';

function Home() {
  usePageMeta(PAGE_META['/']);
  const crawl = useCrawl();
  const auth = useAuth();
  const [pending] = useState(peekPendingCrawl);
  const panel = useRef<HTMLDivElement>(null);
  const started = crawl.phase !== 'idle' && crawl.phase !== 'starting';

  // Back from signing in with a crawl asked for while signed out: start it, once.
  const { start } = crawl;
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
      <Hero phase={crawl.phase} onGenerate={crawl.start} initialUrl={pending ?? ''} />
      {started && (
        <div ref={panel} className="crawl-panel card" aria-live="polite">
          {crawl.phase === 'crawling' && (
            <CrawlProgress pages={crawl.job?.pagesCrawled ?? 0} startedAt={crawl.startedAt} />
          )}
          {crawl.phase === 'failed' && <CrawlFailed error={crawl.error} />}
          {crawl.phase === 'completed' && crawl.job && <CrawlResults job={crawl.job} />}
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
  component: Home,
});
