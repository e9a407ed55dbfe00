import { PLAN_LIMITS, PRO_BILLING, proFeatureSummary } from '@mapsmith/core/browser';
import { createRoute } from '@tanstack/react-router';
import { usePageMeta } from '../app/page-meta';
import { PricingSection } from '../components/PricingSection';
import { rootRoute } from './__root';

function Pricing() {
  usePageMeta({
    title: 'Pricing | Mapsmith Sitemap Generator: Free or $3 for a month of Pro',
    description: `Free: ${PLAN_LIMITS.free.pagesPerCrawl} URLs per crawl and ${PLAN_LIMITS.free.pagesPerMonth} pages a month. Pro: ${proFeatureSummary()}. ${PRO_BILLING.summary}`,
  });
  return (
    <div className="page">
      <PricingSection headingLevel="h1" />
    </div>
  );
}

/** `/pricing`: the pricing section as a page (target of the monthly-limit toast's button). */
export const pricingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pricing',
  component: Pricing,
});
