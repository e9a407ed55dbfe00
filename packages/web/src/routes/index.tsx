import { PAGE_META } from '@mapsmith/core/browser';
import { createRoute } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
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
import { PANEL_SCROLL_DELAY_MS } from '../crawl/progress';
import { useCrawl } from '../crawl/use-crawl';
import { rootRoute } from './__root';

function Home() {
  usePageMeta(PAGE_META['/']);
  const crawl = useCrawl();
  const panel = useRef<HTMLDivElement>(null);
  const started = crawl.phase !== 'idle' && crawl.phase !== 'starting';

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
      <Hero phase={crawl.phase} onGenerate={crawl.start} />
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
