import { createRoute } from '@tanstack/react-router';
import { usePageMeta } from '../app/page-meta';
import { PricingSection } from '../components/PricingSection';
import { rootRoute } from './__root';

function Pricing() {
  usePageMeta({
    title: 'Pricing | Mapsmith Sitemap Generator: Free or $3/month Pro',
    description:
      'Free: 100 URLs per crawl and 500 pages a month. Pro: unlimited pages, full RSS, advanced validation and priority support for $3 per month.',
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
