import { PAGE_META } from '@mapsmith/core/browser';
import { createRoute } from '@tanstack/react-router';
import { usePageMeta } from '../app/page-meta';
import { GuidesSection } from '../components/GuidesSection';
import { rootRoute } from './__root';

function HowToIndex() {
  usePageMeta(PAGE_META['/how-to']);
  return (
    <div className="page">
      <GuidesSection headingLevel="h1" />
    </div>
  );
}

/** `/how-to`: the index of the guides, where every guide's breadcrumb leads. */
export const howToIndexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/how-to',
  component: HowToIndex,
});
