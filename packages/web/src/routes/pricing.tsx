import { PAGE_META } from '@mapsmith/core/browser';
import { createRoute } from '@tanstack/react-router';
import { usePageMeta } from '../app/page-meta';
import { PricingSection } from '../components/PricingSection';
import { rootRoute } from './__root';

function Pricing() {
  usePageMeta(PAGE_META['/pricing']);
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
